// tests/conformance/simplify_tvm.cpp: $XLAYOUT_CONFORMANCE_DIR/tvm_simplify.json through xlayout's
// simplifier. Every case must be equivalent to the input and to the expected answer (independent oracle); at
// least 95% of the cases must have no more floordiv/mod/ceildiv operations than the expected answer.
#include <catch2/catch.hpp>

#include <fstream>

#include "indexing/expr_corpus.hpp"

TEST_CASE("conformance: tvm_simplify.json, 100% equivalent, op counts", "[conformance][indexing]") {
  const std::string file = std::string(XLAYOUT_CONFORMANCE_DIR) + "/tvm_simplify.json";
  if (!std::ifstream(file).good()) {
    WARN("skipped: no " << file);
    return;
  }
  const expr_corpus::report r = expr_corpus::run(file);
  expr_corpus::print("tvm_simplify.json", r);
  for (const auto& f : r.failures) UNSCOPED_INFO(f);
  CHECK(r.failures.empty());
  CHECK(r.equivalent == r.cases);
  CHECK(r.not_more_ops * 100 >= r.cases * 95);
}
