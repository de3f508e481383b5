// bench/runtime/register.hpp: the benchmarks of one layout (a Case of kernels.hpp), registered by
// register_case<Case>() after each loop's result is checked against the buffer's known sum (the weighted ones
// against the weighted sum computed with the generic linear_index). Included by accessors.cpp (the eight
// layouts) and split_group.cpp (a layout whose tiles split a '*' group), each its own translation unit.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "kernels.hpp"

namespace bench::detail {

template <class Case>
struct buffer {
  std::vector<bench::element_t<Case>> data;
  bench::sum_t sum = 0;
  bench::sum_t weighted = 0;
  xlayout::shape shape;

  buffer() : data(static_cast<std::size_t>(typename Case::tensor().required_span_size())) {
    sum = bench::fill<Case>(data.data());
    weighted = bench::weighted_sum<Case>(data.data());
    auto parsed = xlayout::parse_shape(Case::text);
    if (!parsed) {
      std::fprintf(stderr, "bench: %.*s does not parse\n", static_cast<int>(Case::text.size()),
                   Case::text.data());
      std::exit(2);
    }
    shape = *parsed;
  }
  static buffer& get() {
    static buffer b;
    return b;
  }
};

template <class Case>
void check(const char* variant, bench::sum_t got, bool weighted = false) {
  const bench::sum_t want = weighted ? buffer<Case>::get().weighted : buffer<Case>::get().sum;
  if (got != want) {
    std::fprintf(stderr, "bench: sum/%s/%s is %llu, the buffer holds %llu\n", Case::name.data(), variant,
                 static_cast<unsigned long long>(got), static_cast<unsigned long long>(want));
    std::exit(2);
  }
}

template <class Case>
void bm_tensor(benchmark::State& state) {
  const typename Case::tensor t(buffer<Case>::get().data.data());
  for (auto _ : state) {
    auto view = t;
    benchmark::DoNotOptimize(view);
    benchmark::DoNotOptimize(bench::sum_tensor<Case>(view));
  }
  state.SetItemsProcessed(state.iterations() * t.size());
}

template <class Case>
void bm_hand(benchmark::State& state) {
  const bench::element_t<Case>* p = buffer<Case>::get().data.data();
  for (auto _ : state) {
    benchmark::DoNotOptimize(p);
    benchmark::DoNotOptimize(bench::sum_hand<Case>(p));
  }
  state.SetItemsProcessed(state.iterations() * typename Case::tensor().size());
}

template <class Case>
void bm_runtime(benchmark::State& state) {
  const bench::element_t<Case>* p = buffer<Case>::get().data.data();
  xlayout::shape shape = buffer<Case>::get().shape;
  for (auto _ : state) {
    benchmark::DoNotOptimize(shape);
    benchmark::DoNotOptimize(bench::sum_runtime<Case>(p, shape));
  }
  state.SetItemsProcessed(state.iterations() * typename Case::tensor().size());
}

template <class Case>
auto make_layout_value(const bench::element_t<Case>* data) {
  return xlayout::make_runtime_tensor<bench::rank_v<Case>, const bench::element_t<Case>>(
      data, buffer<Case>::get().shape);
}

enum class walk { none, value, index, element };

template <class Case, walk Walk>
void bm_layout_value(benchmark::State& state) {
  const auto t = make_layout_value<Case>(buffer<Case>::get().data.data());
  if (!t) {
    state.SkipWithError("make_runtime_tensor failed");
    return;
  }
  for (auto _ : state) {
    auto view = *t;
    benchmark::DoNotOptimize(view);
    if constexpr (Walk == walk::index) {
      benchmark::DoNotOptimize(bench::sum_layout_index_for_each<Case>(view));
    } else if constexpr (Walk == walk::element) {
      benchmark::DoNotOptimize(bench::sum_layout_element_for_each<Case>(view));
    } else if constexpr (Walk == walk::value) {
      benchmark::DoNotOptimize(bench::sum_layout_value_for_each<Case>(view));
    } else {
      benchmark::DoNotOptimize(bench::sum_layout_value<Case>(view));
    }
  }
  state.SetItemsProcessed(state.iterations() * typename Case::tensor().size());
}

template <class Case, walk Walk>
void bm_for_each(benchmark::State& state) {
  const typename Case::tensor t(buffer<Case>::get().data.data());
  for (auto _ : state) {
    auto view = t;
    benchmark::DoNotOptimize(view);
    if constexpr (Walk == walk::index) {
      benchmark::DoNotOptimize(bench::sum_index_for_each<Case>(view));
    } else if constexpr (Walk == walk::element) {
      benchmark::DoNotOptimize(bench::sum_element_for_each<Case>(view));
    } else {
      benchmark::DoNotOptimize(bench::sum_for_each<Case>(view));
    }
  }
  state.SetItemsProcessed(state.iterations() * t.size());
}

template <class Case>
void register_case() {
  const typename Case::tensor t(buffer<Case>::get().data.data());
  check<Case>("tensor", bench::sum_tensor<Case>(t));
  check<Case>("hand", bench::sum_hand<Case>(t.data()));
  check<Case>("runtime", bench::sum_runtime<Case>(t.data(), buffer<Case>::get().shape));
  check<Case>("for_each", bench::sum_for_each<Case>(t));
  check<Case>("index_for_each", bench::sum_index_for_each<Case>(t), true);
  check<Case>("element_for_each", bench::sum_element_for_each<Case>(t));
  if (const auto rt = make_layout_value<Case>(t.data())) {
    check<Case>("layout_value", bench::sum_layout_value<Case>(*rt));
    check<Case>("layout_value_for_each", bench::sum_layout_value_for_each<Case>(*rt));
    check<Case>("layout_index_for_each", bench::sum_layout_index_for_each<Case>(*rt), true);
    check<Case>("layout_element_for_each", bench::sum_layout_element_for_each<Case>(*rt));
  } else {
    check<Case>("layout_value (make_runtime_tensor failed)", 0);
  }
  const std::string prefix = "sum/" + std::string(Case::name) + "/";
  benchmark::RegisterBenchmark((prefix + "hand").c_str(), bm_hand<Case>);
  benchmark::RegisterBenchmark((prefix + "tensor").c_str(), bm_tensor<Case>);
  benchmark::RegisterBenchmark((prefix + "runtime").c_str(), bm_runtime<Case>);
  benchmark::RegisterBenchmark((prefix + "for_each").c_str(), bm_for_each<Case, walk::value>);
  benchmark::RegisterBenchmark((prefix + "layout_value").c_str(), bm_layout_value<Case, walk::none>);
  benchmark::RegisterBenchmark((prefix + "layout_value_for_each").c_str(),
                               bm_layout_value<Case, walk::value>);
  benchmark::RegisterBenchmark((prefix + "index_for_each").c_str(), bm_for_each<Case, walk::index>);
  benchmark::RegisterBenchmark((prefix + "layout_index_for_each").c_str(),
                               bm_layout_value<Case, walk::index>);
  benchmark::RegisterBenchmark((prefix + "element_for_each").c_str(), bm_for_each<Case, walk::element>);
  benchmark::RegisterBenchmark((prefix + "layout_element_for_each").c_str(),
                               bm_layout_value<Case, walk::element>);
}

}  // namespace bench::detail
