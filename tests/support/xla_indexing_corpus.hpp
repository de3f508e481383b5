// tests/support/xla_indexing_corpus.hpp: what the conformance tests read from
// $XLAYOUT_CONFORMANCE_DIR/xla_indexing.json besides the cases themselves.
#pragma once
#include <set>
#include <string>

#include <nlohmann/json.hpp>

namespace xlayout::testing {

/// Every distinct map text the corpus expects: the operand maps, the runtime variables' maps and the
/// replica-id maps of every case.
inline std::set<std::string> expected_maps(const nlohmann::json& corpus) {
  std::set<std::string> maps;
  for (const nlohmann::json& c : corpus["cases"]) {
    for (const nlohmann::json& e : c["expected"]) {
      for (const auto& m : e.value("maps", nlohmann::json::array())) maps.insert(m.get<std::string>());
      for (const auto& rt : e.value("runtime_variables", nlohmann::json::array()))
        maps.insert(rt["map"].get<std::string>());
      if (e.contains("replica_id_map")) maps.insert(e["replica_id_map"].get<std::string>());
    }
  }
  return maps;
}

}  // namespace xlayout::testing
