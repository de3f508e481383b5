// bench/runtime/main.cpp: xlayout's run-time benchmarks, one binary. After google-benchmark's own table it
// prints the ratios the project tracks (docs/performance.md), all from this one run:
//   tensor/hand     the accessor against hand-written arithmetic (target <= 1.02)
//   runtime/tensor  the run-time path against the compile-time accessor (target >= 10)
//   for_each/hand   memory-order iteration against the hand-written logical-order loop
//   memcpy/tiles    the tile-iteration relayout's throughput as a fraction of memcpy's (target >= 0.90)
// With --benchmark_repetitions=N the ratios use the medians.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace bench {
std::vector<std::string> register_accessor_benchmarks();  // returns the layouts, in order
std::string register_split_group_benchmarks();            // returns the layout
void register_relayout_benchmarks();
}  // namespace bench

namespace {

/// The console table, then the ratios.
class ratio_reporter : public benchmark::ConsoleReporter {
 public:
  explicit ratio_reporter(std::vector<std::string> layouts) : layouts_(std::move(layouts)) {}

  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      if (r.error_occurred) continue;
      const std::string name = r.run_name.function_name;
      const double t = name.rfind("relayout/", 0) == 0 ? r.GetAdjustedRealTime() : r.GetAdjustedCPUTime();
      const auto rate = r.counters.find("items_per_second");
      const double ns_per_item =
          rate != r.counters.end() && rate->second.value > 0 ? 1e9 / rate->second.value : 0;
      if (r.run_type == Run::RT_Aggregate) {
        if (r.aggregate_name == "median") median_[name] = {t, ns_per_item};
      } else {
        single_[name] = {t, ns_per_item};
      }
    }
  }

  void Finalize() override {
    ConsoleReporter::Finalize();
    std::printf("\n%-28s %12s %14s %16s %15s %14s\n", "layout (sum of every element)", "hand ns/elem",
                "tensor/hand", "runtime/tensor", "for_each/hand", "value/tensor");
    for (const std::string& layout : layouts_) {
      const std::string p = "sum/" + layout + "/";
      if (time(p + "hand") == 0) continue;  // filtered out
      const double hand = time(p + "hand"), tensor = time(p + "tensor"), runtime = time(p + "runtime"),
                   walk = time(p + "for_each"), value = time(p + "layout_value");
      std::printf("%-28s %12.3f %14.3f %16.1f %15.3f %14.2f\n", layout.c_str(), get(p + "hand").ns_per_item,
                  tensor / hand, runtime / tensor, walk / hand, value / tensor);
    }
    const double copy = time("relayout/memcpy"), tiles = time("relayout/tiles"),
                 cached = time("relayout/tiles_cached"), hand = time("relayout/hand");
    if (copy > 0 && tiles > 0 && cached > 0 && hand > 0) {
      std::printf(
          "\nrelayout f32[4096,4096] {1,0} -> {1,0:T(8,128)}, fraction of memcpy's throughput: "
          "memcpy/tiles %.3f, memcpy/tiles_cached %.3f, memcpy/hand %.3f\n",
          copy / tiles, copy / cached, copy / hand);
    }
  }

 private:
  struct measure {
    double time = 0;         // per iteration (CPU time; real time for the relayout)
    double ns_per_item = 0;  // from the items_per_second counter, where set
  };
  measure get(const std::string& name) const {
    if (auto it = median_.find(name); it != median_.end()) return it->second;
    if (auto it = single_.find(name); it != single_.end()) return it->second;
    return {};
  }
  double time(const std::string& name) const { return get(name).time; }

  std::vector<std::string> layouts_;
  std::map<std::string, measure> median_, single_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  std::vector<std::string> layouts = bench::register_accessor_benchmarks();
  layouts.push_back(bench::register_split_group_benchmarks());
  bench::register_relayout_benchmarks();
  ratio_reporter reporter(std::move(layouts));
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
