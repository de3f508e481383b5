// include/xlayout/hlo/parse.hpp: HLO text as XLA prints it (HloModule::ToString, XLA's tests, dumps) read
// into an hlo::basic_module: hlo::parse_module(text) at run time or in a constant expression, and
// hlo::module_v<"..."> at compile time with capacities sized to the text. Errors carry an id, the 0-based
// position and the 1-based line and column.
//
// What is read: the `HloModule name, attr=value, ...` header (its attributes skipped); the stack-frame index
// XLA prints after it (`FileNames`, `FunctionNames`, `FileLocations`, `StackFrames`; checked and dropped);
// computations `[ENTRY] [%]name [(params) -> shape] { ... }` (the signature is checked as text, its result
// shape against the root's, and dropped); instructions `[ROOT] [%]name = shape opcode(operands), attr=value,
// ...`. Names may carry '%' and contain '.', '-'. Operands may be written with their shapes (`add(f32[5]{0}
// %p0, ...)`; the shape is checked against the operand's and dropped). `/* ... */` and `// ...` comments are
// whitespace. Shapes are read by the shape parser (tiles, memory spaces, dynamic sizes) and validated; a
// shape error keeps its id, positioned in the module text.
//
// Result shapes: an array result is one shape of the pool; a tuple result (`is_tuple`) is one shape per
// top-level element. An element that is itself a tuple is stored as a shape whose element_type is
// element_type::tuple, with no dimensions (its contents are checked and dropped).
//
// Attributes interpreted (into instruction::attrs, see hlo/op.hpp): dimensions, slice, padding, window,
// dim_labels, feature_group_count, batch_group_count, lhs/rhs_batch_dims, lhs/rhs_contracting_dims,
// offset_dims, collapsed_slice_dims, start_index_map, index_vector_dim, operand_batching_dims,
// start_indices_batching_dims, slice_sizes, dynamic_slice_sizes, index, iota_dimension, num_carries, and
// `parameter(N)`. Called computations (calls, to_apply, condition, body, select, scatter, true_computation,
// false_computation, branch_computations={...}, called_computations={...}) go to instruction::called in
// text order, resolved by name after the whole module is read. Every other attribute is skipped with its
// brackets balanced and its strings (with escapes) read whole. A constant's literal is skipped likewise;
// the value of a scalar integer (or pred) constant goes to instruction::value.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <xlayout/core/diagnostics.hpp>
#include <xlayout/core/fixed_string.hpp>
#include <xlayout/core/index.hpp>
#include <xlayout/core/static_vector.hpp>
#include <xlayout/hlo/module.hpp>
#include <xlayout/hlo/op.hpp>
#include <xlayout/text/parse_shape.hpp>
#include <xlayout/text/scanner.hpp>
#include <xlayout/values/element_type.hpp>
#include <xlayout/values/shape.hpp>
#include <xlayout/values/shape_tree.hpp>

namespace XLAYOUT_NAMESPACE::hlo {

/// A parse failure: the id, the 0-based byte position in the module text, and the 1-based line and column
/// of that position (columns count bytes). [[nodiscard]], as xlayout::error.
struct [[nodiscard]] parse_error {
  error_id id = error_id::none;
  index_t position = -1;
  index_t line = 0;
  index_t column = 0;

  constexpr std::string_view name() const noexcept { return error_name(id); }
  constexpr std::string_view message() const noexcept { return error_message(id); }
  friend constexpr bool operator==(const parse_error&, const parse_error&) = default;
};

/// "[xlayout:hlo_unknown_operand] HLO text: ... (line 3, column 18)".
constexpr static_string<320> describe(const parse_error& e) noexcept {
  static_string<320> s;
  s.append("[xlayout:").append(e.name()).append("] ").append(e.message());
  if (e.position >= 0)
    s.append(" (line ").append_int(e.line).append(", column ").append_int(e.column).append(")");
  return s;
}

/// A parsed value or the parse_error that prevented it.
template <class T>
struct parse_result {
  T value_{};
  parse_error error_{};

  constexpr bool has_value() const noexcept { return error_.id == error_id::none; }
  constexpr explicit operator bool() const noexcept { return has_value(); }
  /// @pre has_value()
  constexpr const T& value() const noexcept {
    XLAYOUT_ASSERT(has_value(), "xlayout::hlo::parse_result: value() called on an error");
    return value_;
  }
  constexpr T& value() noexcept {
    XLAYOUT_ASSERT(has_value(), "xlayout::hlo::parse_result: value() called on an error");
    return value_;
  }
  constexpr const T& operator*() const noexcept { return value(); }
  constexpr const T* operator->() const noexcept { return &value(); }
  constexpr const parse_error& error() const noexcept { return error_; }
};

/// What a module's text needs: the capacities of the smallest basic_module that holds it.
struct module_capacities {
  std::size_t instructions = 0;
  std::size_t computations = 0;
  std::size_t shapes = 0;
  std::size_t chars = 0;
  std::size_t calls = 0;  ///< called-computation references (calls=, to_apply=, ...)
  friend constexpr bool operator==(const module_capacities&, const module_capacities&) = default;
};

/// The most called computations one instruction holds (instruction::called): XLAYOUT_HLO_MAX_CALLED.
inline constexpr std::size_t max_called = XLAYOUT_HLO_MAX_CALLED;

namespace detail {

constexpr bool is_hlo_name_start(char c) noexcept { return text::is_alpha(c) || c == '_'; }
constexpr bool is_hlo_name_char(char c) noexcept { return text::is_name_char(c) || c == '.' || c == '-'; }

/// 1-based line and column of a byte position.
constexpr parse_error located(std::string_view text, error e) noexcept {
  parse_error r{e.id, e.position, 0, 0};
  if (e.position < 0) return r;
  const auto pos =
      static_cast<std::size_t>(e.position) < text.size() ? static_cast<std::size_t>(e.position) : text.size();
  index_t line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < pos; ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  r.line = line;
  r.column = static_cast<index_t>(pos - line_start) + 1;
  return r;
}

/// The attributes whose value names called computations.
constexpr bool is_call_attribute(std::string_view a) noexcept {
  return a == "calls" || a == "to_apply" || a == "condition" || a == "body" || a == "select" ||
         a == "scatter" || a == "true_computation" || a == "false_computation" ||
         a == "branch_computations" || a == "called_computations";
}

/// The parser. With Counting, nothing is stored: it only measures (module_capacities), and names are not
/// resolved (the second pass reports those errors). M is the module filled otherwise; MaxPending bounds the
/// called computations referred to before their definition.
template <class M, bool Counting, std::size_t MaxPending>
class module_parser {
 public:
  constexpr module_parser(std::string_view text, M* out) noexcept : sp_(text), m_(out) {}

  constexpr const module_capacities& capacities() const noexcept { return counts_; }
  constexpr error failure() noexcept { return in().failure(); }

  /// Parses the whole text; false after recording the first error.
  constexpr bool parse() noexcept {
    ws();
    if (keyword("HloModule")) {
      ws();
      const std::size_t p = pos();
      const std::string_view name = hlo_name();
      if (name.empty()) return fail_at(error_id::hlo_expected_name, p);
      text_ref r{};
      if (!store_text(name, r, p)) return false;
      if constexpr (!Counting) m_->name = r;
      while (take(',')) {
        if (!skip_attribute()) return false;
      }
    }
    if (!stack_frame_index()) return false;
    while (true) {
      ws();
      if (in().failed()) return false;
      if (in().at_end()) break;
      if (!computation_definition()) return false;
    }
    if (counts_.computations == 0) return fail_at(error_id::hlo_empty_module, in().text().size());
    if constexpr (!Counting) {
      for (const pending_call& pc : pending_) {
        const std::uint16_t c =
            m_->find_computation(xlayout::detail::substring(in().text(), pc.position, pc.length));
        if (c == none) return fail_at(error_id::hlo_unknown_computation, pc.position);
        if (pc.slot == 0 && m_->instructions[pc.instruction].code == opcode::fusion &&
            fusion_calling(c) != none)
          return fail_at(error_id::hlo_shared_fused_computation, pc.position);
        m_->instructions[pc.instruction].called[pc.slot] = c;
        if (pc.slot == 0 && !fusion_fits(m_->instructions[pc.instruction], c))
          return fail_at(error_id::hlo_shape_mismatch, pc.position);
      }
      // Every cycle of calls has a call to a computation defined later (a pending one): the calls to those
      // defined before go back in the text, and a computation calling itself is refused where it is read.
      for (const pending_call& pc : pending_) {
        const instruction& ins = m_->instructions[pc.instruction];
        if (calls_reach(ins.called[pc.slot], ins.computation))
          return fail_at(error_id::hlo_call_cycle, pc.position);
      }
      if (m_->entry == none) m_->entry = static_cast<std::uint16_t>(m_->computations.size() - 1);
    }
    return true;
  }

 private:
  struct pending_call {
    std::uint16_t instruction = 0;
    std::uint16_t slot = 0;
    std::size_t position = 0;
    std::size_t length = 0;
  };

  // ---- characters -------------------------------------------------------------------------------------
  constexpr text::scanner& in() noexcept { return sp_.in(); }
  constexpr std::size_t pos() noexcept { return in().position(); }
  constexpr char peek(std::size_t ahead = 0) noexcept { return in().peek(ahead); }
  constexpr void advance(std::size_t n = 1) noexcept { in().set_position(pos() + n); }
  constexpr bool fail_at(error_id id, std::size_t p) noexcept { return in().fail_at(id, p); }
  constexpr bool fail_here(error_id id) noexcept {
    return fail_at(in().at_end() ? error_id::unexpected_end : id, pos());
  }

  /// Skips whitespace and comments.
  constexpr void ws() noexcept {
    while (!in().at_end()) {
      const char c = peek();
      if (text::is_space(c)) {
        advance();
      } else if (c == '/' && peek(1) == '/') {
        while (!in().at_end() && peek() != '\n') advance();
      } else if (c == '/' && peek(1) == '*') {
        const std::size_t start = pos();
        advance(2);
        while (!in().at_end() && !(peek() == '*' && peek(1) == '/')) advance();
        if (in().at_end()) {
          fail_at(error_id::unexpected_end, start);
          return;
        }
        advance(2);
      } else {
        return;
      }
    }
  }
  /// After whitespace and comments: consumes c if it is next.
  constexpr bool take(char c) noexcept {
    ws();
    if (peek() != c || in().at_end()) return false;
    advance();
    return true;
  }
  constexpr bool expect(char c, error_id id = error_id::unexpected_character) noexcept {
    if (take(c)) return true;
    return fail_here(id);
  }
  /// Consumes c only if it is the very next character (separators inside a value: `x`, `_`, `:`).
  constexpr bool raw(char c) noexcept {
    if (peek() != c || in().at_end()) return false;
    advance();
    return true;
  }
  /// A keyword followed by a character that cannot continue a name.
  constexpr bool keyword(std::string_view word) noexcept {
    ws();
    if (xlayout::detail::substring(in().rest(), 0, word.size()) != word ||
        is_hlo_name_char(peek(word.size())))
      return false;
    advance(word.size());
    return true;
  }
  /// `[%]name` (letters, digits, '_', '.', '-'); empty when there is none. Does not skip whitespace.
  constexpr std::string_view hlo_name() noexcept {
    const std::size_t start = pos();
    if (peek() == '%') advance();
    if (!is_hlo_name_start(peek())) {
      in().set_position(start);
      return {};
    }
    const std::size_t first = pos();
    while (is_hlo_name_char(peek())) advance();
    return xlayout::detail::substring(in().text(), first, pos() - first);
  }
  constexpr bool integer(index_t& v) noexcept {
    ws();
    return in().read_integer(v);
  }

  // ---- storage ----------------------------------------------------------------------------------------
  constexpr bool store_text(std::string_view s, text_ref& r, std::size_t p) noexcept {
    if (std::uint64_t{counts_.chars} + s.size() > 0xFFFFFFFFu)
      return fail_at(error_id::hlo_capacity_exceeded, p);
    r.offset = static_cast<std::uint32_t>(counts_.chars);
    r.length = static_cast<std::uint32_t>(s.size());
    counts_.chars += s.size();
    if constexpr (!Counting) {
      if (m_->chars.size() + s.size() > m_->chars.capacity())
        return fail_at(error_id::hlo_capacity_exceeded, p);
      for (char c : s) m_->chars.push_back(c);
    }
    return true;
  }
  constexpr bool store_shape(const shape& s, instruction& ins, std::size_t p) noexcept {
    if (counts_.shapes >= 0xFFFF || ins.num_shapes == 0xFFFF)
      return fail_at(error_id::hlo_capacity_exceeded, p);
    ++counts_.shapes;
    ++ins.num_shapes;
    if constexpr (!Counting) {
      if (!m_->shapes.try_push_back(s)) return fail_at(error_id::hlo_capacity_exceeded, p);
    } else {
      (void)s;
    }
    return true;
  }

  // ---- shapes -----------------------------------------------------------------------------------------
  /// An array shape (validated) at the current position.
  constexpr bool array_shape(shape& s) noexcept {
    ws();
    xlayout::detail::shape_positions positions;
    if (!sp_.array_shape(s, positions)) return false;
    return sp_.validated(s, positions);
  }
  /// A tuple shape, checked and dropped (nested ones too).
  constexpr bool skip_tuple_shape(int depth) noexcept {
    ws();
    if (depth > max_tuple_depth) return fail_here(error_id::nesting_too_deep);
    if (!expect('(')) return false;
    if (take(')')) return true;
    do {
      ws();
      if (peek() == '(') {
        if (!skip_tuple_shape(depth + 1)) return false;
      } else {
        shape s;
        if (!array_shape(s)) return false;
      }
    } while (take(','));
    return expect(')', error_id::expected_closing_paren);
  }
  /// The result shape of an instruction into the pool.
  constexpr bool result_shape(instruction& ins) noexcept {
    ws();
    ins.first_shape = static_cast<std::uint16_t>(counts_.shapes);
    if (peek() != '(') {
      const std::size_t p = pos();
      shape s;
      return array_shape(s) && store_shape(s, ins, p);
    }
    ins.is_tuple = true;
    advance();
    if (take(')')) return true;
    do {
      ws();
      const std::size_t p = pos();
      if (peek() == '(') {
        if (!skip_tuple_shape(1)) return false;
        shape t;
        t.element_type = element_type::tuple;
        if (!store_shape(t, ins, p)) return false;
      } else {
        shape s;
        if (!array_shape(s) || !store_shape(s, ins, p)) return false;
      }
    } while (take(','));
    return expect(')', error_id::expected_closing_paren);
  }

  // ---- skipping ---------------------------------------------------------------------------------------
  /// A string literal with backslash escapes, at '"'.
  constexpr bool skip_string() noexcept {
    const std::size_t start = pos();
    advance();
    while (!in().at_end() && peek() != '"') advance(peek() == '\\' ? 2 : 1);
    if (in().at_end()) return fail_at(error_id::unexpected_end, start);
    advance();
    return true;
  }
  /// A bracketed group ('(', '[' or '{' at the current position) with everything inside balanced.
  constexpr bool skip_group() noexcept {
    char closers[64]{};
    std::size_t depth = 0;
    const std::size_t start = pos();
    do {
      if (in().at_end()) return fail_at(error_id::unexpected_end, start);
      const char c = peek();
      if (c == '"') {
        if (!skip_string()) return false;
        continue;
      }
      if (c == '(' || c == '[' || c == '{') {
        if (depth == 64) return fail_at(error_id::nesting_too_deep, pos());
        closers[depth++] = c == '(' ? ')' : c == '[' ? ']' : '}';
      } else if (c == ')' || c == ']' || c == '}') {
        if (c != closers[depth - 1]) return fail_at(error_id::unexpected_character, pos());
        --depth;
      }
      advance();
    } while (depth > 0);
    return true;
  }
  /// The value of an attribute the parser does not interpret: tokens, strings and balanced groups up to a
  /// ',', whitespace or an unmatched closing bracket.
  constexpr bool skip_value() noexcept {
    while (!in().at_end()) {
      const char c = peek();
      if (c == '"') {
        if (!skip_string()) return false;
      } else if (c == '(' || c == '[' || c == '{') {
        if (!skip_group()) return false;
      } else if (c == ',' || c == ')' || c == ']' || c == '}' || text::is_space(c) ||
                 (c == '/' && (peek(1) == '/' || peek(1) == '*'))) {
        break;
      } else {
        advance();
      }
    }
    return true;
  }
  /// `{name=integer name=integer ...}` (commas between allowed), the fields of a FileLocations or
  /// StackFrames entry as XLA's ParseSubAttributes reads them; read and dropped.
  constexpr bool skip_integer_fields() noexcept {
    if (!expect('{')) return false;
    while (!take('}')) {
      if (in().failed()) return false;
      take(',');
      ws();
      if (hlo_name().empty()) return fail_here(error_id::hlo_expected_name);
      index_t v = 0;
      if (!expect('=') || !integer(v)) return false;
    }
    return true;
  }
  /// XLA's stack-frame index, which HloModule::Print writes between the header and the computations of a
  /// module that carries one (recent JAX dumps), read and dropped: the sections `FileNames` and
  /// `FunctionNames` (entries `<id> "<string>"`) and `FileLocations` and `StackFrames` (entries
  /// `<id> {name=integer ...}`), each present or not, in that order. A section keyword followed by '{' or
  /// '(' is a computation's name instead.
  constexpr bool stack_frame_index() noexcept {
    constexpr std::string_view sections[] = {"FileNames", "FunctionNames", "FileLocations", "StackFrames"};
    for (std::size_t k = 0; k < 4; ++k) {
      ws();
      const std::size_t start = pos();
      if (!keyword(sections[k])) continue;
      ws();
      if (peek() == '{' || peek() == '(') {
        in().set_position(start);
        return !in().failed();
      }
      while (text::is_digit(peek()) && !in().failed()) {
        index_t id = 0;
        if (!integer(id)) return false;
        ws();
        if (k >= 2) {
          if (!skip_integer_fields()) return false;
        } else if (peek() != '"' || in().at_end()) {
          return fail_here(error_id::unexpected_character);
        } else if (!skip_string()) {
          return false;
        }
        ws();
      }
    }
    return !in().failed();
  }
  /// `name=value` with the value skipped (module header, computation attributes).
  constexpr bool skip_attribute() noexcept {
    ws();
    const std::size_t p = pos();
    if (hlo_name().empty()) return fail_at(error_id::hlo_expected_name, p);
    if (!expect('=')) return false;
    ws();
    return skip_value();
  }

  // ---- computations -----------------------------------------------------------------------------------
  constexpr bool computation_definition() noexcept {
    const std::size_t start = pos();
    const bool is_entry = keyword("ENTRY");
    if (is_entry) {
      if (entry_seen_) return fail_at(error_id::hlo_multiple_entries, start);
      entry_seen_ = true;
    }
    ws();
    const std::size_t name_pos = pos();
    const std::string_view name = hlo_name();
    if (name.empty()) return fail_here(error_id::hlo_expected_name);
    if (counts_.computations >= 0xFFFF) return fail_at(error_id::hlo_capacity_exceeded, name_pos);
    if constexpr (!Counting) {
      if (m_->find_computation(name) != none) return fail_at(error_id::hlo_duplicate_name, name_pos);
    }
    computation comp;
    comp.is_entry = is_entry;
    comp.first_instruction = static_cast<std::uint16_t>(counts_.instructions);
    if (!store_text(name, comp.name, name_pos)) return false;
    ws();
    shape declared;  // the signature's result, when it is an array (XLA checks it against the root's)
    std::size_t declared_pos = 0;
    bool has_declared = false;
    if (peek() == '(') {  // the signature: (p0: f32[2], p1: (s32[], f32[])) -> f32[2]
      if (!skip_group()) return false;
      ws();
      if (!in().accept("->")) return fail_here(error_id::unexpected_character);
      ws();
      declared_pos = pos();
      if (peek() == '(') {
        if (!skip_tuple_shape(0)) return false;
      } else {
        if (!array_shape(declared)) return false;
        has_declared = true;
      }
    }
    if (!expect('{')) return false;
    comp_ = static_cast<std::uint16_t>(counts_.computations);
    ++counts_.computations;
    if constexpr (!Counting) {
      if (!m_->computations.try_push_back(comp)) return fail_at(error_id::hlo_capacity_exceeded, name_pos);
      if (is_entry) m_->entry = comp_;
    }
    params_ = {};
    while (!take('}')) {
      if (in().failed()) return false;
      if (in().at_end()) return fail_here(error_id::unexpected_end);
      if (!instruction_statement()) return false;
    }
    // XLA numbers a computation's n parameters 0 to n - 1 (HloComputation checks it as it is built): with
    // distinct numbers (checked as each is read), the largest is the one out of range if any is.
    if (params_.count > 0 && params_.largest >= params_.count)
      return fail_at(error_id::hlo_invalid_parameter_number, params_.largest_pos);
    if constexpr (!Counting) {
      computation& c = m_->computations[comp_];
      if (c.root == none && c.num_instructions > 0)
        c.root = static_cast<std::uint16_t>(c.first_instruction + c.num_instructions - 1);
      // XLA's parser: "Shape of computation ... is not compatible with that of its root instruction".
      if (has_declared && c.root != none && !compatible_with(declared, c.root))
        return fail_at(error_id::hlo_shape_mismatch, declared_pos);
    }
    // Attributes after the body: `}, execution_thread="..."`.
    while (take(',')) {
      if (!skip_attribute()) return false;
    }
    return !in().failed();
  }

  // ---- instructions -----------------------------------------------------------------------------------
  constexpr bool instruction_statement() noexcept {
    instruction ins;
    const std::size_t root_pos = pos();
    ins.is_root = keyword("ROOT");
    if (ins.is_root) {  // XLA's parser: "one computation should have only one ROOT", at the second
      if (root_seen_ == comp_ + 1u) return fail_at(error_id::hlo_multiple_roots, root_pos);
      root_seen_ = comp_ + 1u;
    }
    ws();
    const std::size_t name_pos = pos();
    const std::string_view name = hlo_name();
    if (name.empty()) return fail_here(error_id::hlo_expected_name);
    if (counts_.instructions >= 0xFFFF) return fail_at(error_id::hlo_capacity_exceeded, name_pos);
    if constexpr (!Counting) {
      if (m_->find_instruction(comp_, name) != none) return fail_at(error_id::hlo_duplicate_name, name_pos);
    }
    if (!store_text(name, ins.name, name_pos)) return false;
    ins.computation = comp_;
    if (!expect('=')) return false;
    if (!result_shape(ins)) return false;
    ws();
    const std::size_t op_pos = pos();
    std::string_view op = {};
    if (is_hlo_name_start(peek())) op = hlo_name();
    if (op.empty()) return fail_here(error_id::hlo_expected_name);
    ins.code = opcode_from_name(op);
    if (ins.code == opcode::other && !is_opcode_name(op))
      return fail_at(error_id::hlo_unknown_opcode, op_pos);
    if (!store_text(op, ins.opcode_name, op_pos)) return false;
    if (ins.code == opcode::constant) {
      if (!literal(ins)) return false;
    } else if (!expect('(', error_id::expected_open_paren)) {
      return false;
    } else if (ins.code == opcode::parameter) {
      ws();
      const std::size_t number_pos = pos();
      if (!integer(ins.attrs.parameter_number)) return false;
      if (!parameter_number(ins.attrs.parameter_number, number_pos)) return false;
      if (!expect(')', error_id::expected_closing_paren)) return false;
    } else if (!operands(ins)) {
      return false;
    }
    seen_ = 0;
    attribute_count_ = 0;
    while (take(',')) {
      if (!attribute(ins)) return false;
    }
    if (in().failed()) return false;
    if (const std::uint32_t need = required_attributes(ins.code); (seen_ & need) != need)
      return fail_at(error_id::hlo_missing_attribute, op_pos);
    const auto id = static_cast<std::uint16_t>(counts_.instructions);
    ++counts_.instructions;
    if constexpr (!Counting) {
      if (!m_->instructions.try_push_back(ins)) return fail_at(error_id::hlo_capacity_exceeded, name_pos);
      computation& c = m_->computations[comp_];
      ++c.num_instructions;
      if (ins.is_root) c.root = id;
    } else {
      (void)id;
    }
    return true;
  }

  /// `(operand, ...)` after the '(': each `[shape] [%]name`.
  constexpr bool operands(instruction& ins) noexcept {
    if (take(')')) return true;
    do {
      ws();
      shape declared;
      bool is_shape = false;
      std::size_t shape_pos = 0;
      if (peek() == '(') {
        if (!skip_tuple_shape(0)) return false;
      } else if (peek() != '%') {
        // A shape first when the word is followed by '[' (f32[...]) or is b(...).
        const std::size_t start = pos();
        while (text::is_name_char(peek())) advance();
        is_shape = peek() == '[';
        in().set_position(start);
        if (is_shape) {
          ws();
          shape_pos = pos();
          if (!array_shape(declared)) return false;
        }
      }
      ws();
      const std::size_t p = pos();
      const std::string_view name = hlo_name();
      if (name.empty()) return fail_here(error_id::hlo_expected_name);
      std::uint16_t id = 0;
      if constexpr (!Counting) {
        id = m_->find_instruction(comp_, name);
        if (id == none) return fail_at(error_id::hlo_unknown_operand, p);
      }
      if (peek() == '#') {
        const auto name_start = static_cast<std::size_t>(name.data() - in().text().data());  // after a '%'
        if (!compact_get_tuple_element(id, name_start, is_shape ? &declared : nullptr)) return false;
      }
      if constexpr (!Counting) {
        // XLA's parser: "The declared operand shape ... is not compatible with the shape of the operand
        // instruction".
        if (is_shape && !compatible_with(declared, id))
          return fail_at(error_id::hlo_shape_mismatch, shape_pos);
      }
      if (!ins.operands.try_push_back(id)) return fail_at(error_id::hlo_capacity_exceeded, p);
    } while (take(','));
    return expect(')', error_id::expected_closing_paren);
  }

  /// The compact get-tuple-element of XLA's dumps (`--xla_dump_compact_gte`, XLA's parser since June 2026):
  /// an operand `%t#1` is element 1 of tuple `t`, `%t#0#2` element 2 of its element 0. At the '#' after the
  /// name at p, id being the named instruction: each step becomes a get-tuple-element instruction of the
  /// computation named as written ("t#0", "t#0#2"), inserted before the instruction being read and shared
  /// by later operands that name it again, as XLA's parser does; id becomes the last one. The name starts
  /// at name_pos (after any '%'). An element that is itself a nested tuple is kept as the parser keeps nested
  /// tuples (its elements unknown), so a step into it needs the operand's declared shape
  /// (`f32[20]{0} %t#0#1`, as XLA prints operands by default).
  /// Errors (hlo_malformed_op, at the '#'): a step from an array, an index that names no element.
  constexpr bool compact_get_tuple_element(std::uint16_t& id, std::size_t name_pos,
                                           const shape* declared) noexcept {
    while (peek() == '#') {
      const std::size_t hash_pos = pos();
      advance();
      index_t index = 0;
      if (!text::is_digit(peek()) || !in().read_integer(index))
        return fail_at(error_id::expected_integer, pos());
      const std::string_view name = xlayout::detail::substring(in().text(), name_pos, pos() - name_pos);
      if constexpr (Counting) {  // an upper bound: every step a new instruction of one shape
        if (counts_.instructions >= 0xFFFF) return fail_at(error_id::hlo_capacity_exceeded, hash_pos);
        ++counts_.instructions;
        instruction scratch;
        text_ref r;
        if (!store_text(name, r, name_pos) || !store_text("get-tuple-element", r, name_pos)) return false;
        if (!store_shape(shape{}, scratch, hash_pos)) return false;
      } else {
        if (const std::uint16_t existing = m_->find_instruction(comp_, name); existing != none) {
          id = existing;
          continue;
        }
        const instruction& t = m_->instructions[id];
        // A nested tuple's element made by an earlier step ("t#0"; no other name has a '#'): its elements are
        // unknown. Any other tuple without shapes is the empty tuple, which has no element.
        const bool unknown_elements =
            t.is_tuple && t.num_shapes == 0 && m_->text(t.name).find('#') != std::string_view::npos;
        if (!t.is_tuple || (unknown_elements && (declared == nullptr || peek() == '#')) ||
            (!unknown_elements && index >= t.num_shapes))
          return fail_at(error_id::hlo_malformed_op, hash_pos);
        instruction g;
        g.code = opcode::get_tuple_element;
        g.computation = comp_;
        g.attrs.tuple_index = index;
        g.operands.push_back(id);
        g.first_shape = static_cast<std::uint16_t>(counts_.shapes);
        const shape element =
            unknown_elements ? *declared : m_->shapes[t.first_shape + static_cast<std::size_t>(index)];
        if (element.element_type == element_type::tuple) {
          g.is_tuple = true;  // a nested tuple: its elements unknown
        } else if (!store_shape(element, g, hash_pos)) {
          return false;
        }
        if (!store_text(name, g.name, name_pos) || !store_text("get-tuple-element", g.opcode_name, name_pos))
          return false;
        if (counts_.instructions >= 0xFFFF) return fail_at(error_id::hlo_capacity_exceeded, hash_pos);
        id = static_cast<std::uint16_t>(counts_.instructions);
        ++counts_.instructions;
        if (!m_->instructions.try_push_back(g)) return fail_at(error_id::hlo_capacity_exceeded, hash_pos);
        ++m_->computations[comp_].num_instructions;
      }
    }
    return true;
  }

  /// A constant's literal `(...)`, skipped whole; a lone integer (or true/false) of an integral (or pred)
  /// scalar is kept as the value.
  constexpr bool literal(instruction& ins) noexcept {
    ws();
    if (peek() != '(') return fail_here(error_id::expected_open_paren);
    std::size_t start = pos() + 1;
    if (!skip_group()) return false;
    std::size_t end = pos() - 1;  // the ')'
    const std::string_view all = in().text();
    while (start < end && text::is_space(all[start])) ++start;
    while (end > start && text::is_space(all[end - 1])) --end;
    const std::string_view body = xlayout::detail::substring(all, start, end - start);
    if constexpr (Counting) {
      return true;
    } else {
      if (ins.num_shapes != 1 || ins.is_tuple) return true;
      const element_type t = m_->shapes[ins.first_shape].element_type;
      if (body == "true" || body == "false") {
        if (t == element_type::pred) ins.value = {true, body == "true" ? 1 : 0};
        return true;
      }
      if (!is_integral(t) || body.empty()) return true;
      text::scanner sc(body);
      index_t v = 0;
      if (sc.read_integer(v) && sc.at_end()) ins.value = {true, v};
      return true;
    }
  }

  // ---- attributes -------------------------------------------------------------------------------------
  constexpr bool attribute(instruction& ins) noexcept {
    ws();
    const std::size_t name_pos = pos();
    const std::string_view a = hlo_name();
    if (a.empty()) return fail_here(error_id::hlo_expected_name);
    // XLA's parser: "attribute ... already exists" (the last one won here). Names past the capacity (no
    // instruction XLA prints has that many attributes) are not compared.
    for (std::size_t k = 0; k < attribute_count_; ++k) {
      if (attribute_names_[k] == a) return fail_at(error_id::hlo_duplicate_attribute, name_pos);
    }
    if (attribute_count_ < max_attributes) attribute_names_[attribute_count_++] = a;
    if (!expect('=')) return false;
    ws();
    attributes& at = ins.attrs;
    if (a == "literal") {  // a custom-call's `literal=s32[2]{0} {1, 2}`: a shape, a space, the value
      if (!skip_value()) return false;
      ws();
      return skip_value();
    }
    // An opcode the analysis does not model keeps none of its attributes: read them as any value, whatever
    // their form there (collective-permute's `slice_sizes={{128,32}}`, a custom-call's `dim_labels` with
    // `?`), which the modelled ops' readers below refused (audit).
    if (ins.code == opcode::other && !is_call_attribute(a)) return skip_value();
    if (a == "dimensions") return seen(has_dimensions) && int_list(at.dimensions);
    if (a == "slice") return seen(has_slice) && slice(at);
    if (a == "padding") return seen(has_padding) && padding(at);
    if (a == "window") return window(at);
    if (a == "dim_labels") return dim_labels(at.convolution);
    if (a == "feature_group_count") return integer(at.feature_group_count);
    if (a == "batch_group_count") return integer(at.batch_group_count);
    if (a == "lhs_batch_dims") return int_list(at.dot.lhs_batch_dimensions);
    if (a == "rhs_batch_dims") return int_list(at.dot.rhs_batch_dimensions);
    if (a == "lhs_contracting_dims") return int_list(at.dot.lhs_contracting_dimensions);
    if (a == "rhs_contracting_dims") return int_list(at.dot.rhs_contracting_dimensions);
    if (a == "offset_dims") return seen(has_offset_dims) && int_list(at.gather.offset_dims);
    if (a == "collapsed_slice_dims")
      return seen(has_collapsed_slice_dims) && int_list(at.gather.collapsed_slice_dims);
    if (a == "start_index_map") return seen(has_start_index_map) && int_list(at.gather.start_index_map);
    if (a == "operand_batching_dims") return int_list(at.gather.operand_batching_dims);
    if (a == "start_indices_batching_dims") return int_list(at.gather.start_indices_batching_dims);
    if (a == "index_vector_dim") return seen(has_index_vector_dim) && integer(at.gather.index_vector_dim);
    if (a == "slice_sizes") return seen(has_slice_sizes) && int_list(at.slice_sizes);
    if (a == "dynamic_slice_sizes") return seen(has_dynamic_slice_sizes) && int_list(at.dynamic_slice_sizes);
    if (a == "index") return seen(has_index) && integer(at.tuple_index);
    if (a == "iota_dimension") return seen(has_iota_dimension) && integer(at.iota_dimension);
    if (a == "num_carries") return integer(at.num_carries);
    if (is_call_attribute(a)) return called(ins);
    return skip_value();
  }

  // The attributes XLA's parser requires of the modelled ops ("attribute dimensions is expected but not
  // seen"): without them the analysis read a default (a reverse with no dimensions was the identity).
  // attribute() marks each as it reads it (seen_).
  enum required : std::uint32_t {
    has_dimensions = 1u << 0,
    has_slice = 1u << 1,
    has_padding = 1u << 2,
    has_offset_dims = 1u << 3,
    has_collapsed_slice_dims = 1u << 4,
    has_start_index_map = 1u << 5,
    has_index_vector_dim = 1u << 6,
    has_slice_sizes = 1u << 7,
    has_dynamic_slice_sizes = 1u << 8,
    has_index = 1u << 9,
    has_iota_dimension = 1u << 10,
  };
  constexpr bool seen(required r) noexcept {
    seen_ |= r;
    return true;
  }
  static constexpr std::uint32_t required_attributes(opcode c) noexcept {
    switch (c) {
      case opcode::broadcast:
      case opcode::transpose:
      case opcode::reverse:
      case opcode::concatenate:
      case opcode::reduce:
      case opcode::all_gather:
        return has_dimensions;
      case opcode::slice:
        return has_slice;
      case opcode::pad:
        return has_padding;
      case opcode::gather:
        return has_offset_dims | has_collapsed_slice_dims | has_start_index_map | has_index_vector_dim |
               has_slice_sizes;
      case opcode::dynamic_slice:
        return has_dynamic_slice_sizes;
      case opcode::get_tuple_element:
        return has_index;
      case opcode::iota:
        return has_iota_dimension;
      default:
        return 0;
    }
  }

  /// `{1, 0}` (or `{}`).
  constexpr bool int_list(dimension_list& out) noexcept {
    out.clear();
    if (peek() != '{') return fail_here(error_id::hlo_invalid_attribute);
    advance();
    if (take('}')) return true;
    do {
      ws();
      const std::size_t p = pos();
      index_t v = 0;
      if (!integer(v)) return false;
      if (!out.try_push_back(v)) return fail_at(error_id::hlo_capacity_exceeded, p);
    } while (take(','));
    return expect('}', error_id::expected_closing_brace);
  }

  /// `{[0:10:2], [3:5]}`.
  constexpr bool slice(attributes& at) noexcept {
    at.slice.clear();
    if (peek() != '{') return fail_here(error_id::hlo_invalid_attribute);
    advance();
    if (take('}')) return true;
    do {
      ws();
      const std::size_t p = pos();
      slice_dimension d;
      if (!expect('[', error_id::hlo_invalid_attribute) || !integer(d.start) ||
          !expect(':', error_id::hlo_invalid_attribute) || !integer(d.limit))
        return false;
      if (take(':') && !integer(d.stride)) return false;
      if (!expect(']', error_id::expected_closing_bracket)) return false;
      if (!at.slice.try_push_back(d)) return fail_at(error_id::hlo_capacity_exceeded, p);
    } while (take(','));
    return expect('}', error_id::expected_closing_brace);
  }

  /// `low_high[_interior]` per dimension, joined by 'x': `1_2_0x0_0`, `-1_2`.
  constexpr bool padding(attributes& at) noexcept {
    at.padding.clear();
    if (!(text::is_digit(peek()) || peek() == '-' || peek() == '+')) return true;  // rank 0
    do {
      const std::size_t p = pos();
      padding_dimension d;
      if (!in().read_integer(d.edge_padding_low)) return false;
      if (!raw('_')) return fail_here(error_id::hlo_invalid_attribute);
      if (!in().read_integer(d.edge_padding_high)) return false;
      if (raw('_') && !in().read_integer(d.interior_padding)) return false;
      if (!at.padding.try_push_back(d)) return fail_at(error_id::hlo_capacity_exceeded, p);
    } while (raw('x'));
    return true;
  }

  /// One window field's values: `3x2` (pairs: `1_1x0_1`). Returns the count, or -1 after an error.
  constexpr int window_values(index_t (&first)[XLAYOUT_MAX_RANK], index_t (&second)[XLAYOUT_MAX_RANK],
                              bool pairs) noexcept {
    int n = 0;
    do {
      if (n == static_cast<int>(XLAYOUT_MAX_RANK)) {
        fail_here(error_id::hlo_capacity_exceeded);
        return -1;
      }
      if (!in().read_integer(first[n])) return -1;
      if (pairs) {
        if (!raw('_')) {
          fail_here(error_id::hlo_invalid_attribute);
          return -1;
        }
        if (!in().read_integer(second[n])) return -1;
      }
      ++n;
    } while (raw('x'));
    return n;
  }

  /// `{size=3x2 stride=2x1 pad=1_1x0_1 lhs_dilate=1x1 rhs_dilate=1x1 rhs_reversal=0x1}`.
  constexpr bool window(attributes& at) noexcept {
    at.window.clear();
    if (peek() != '{') return fail_here(error_id::hlo_invalid_attribute);
    advance();
    index_t size[XLAYOUT_MAX_RANK]{}, stride[XLAYOUT_MAX_RANK]{}, lo[XLAYOUT_MAX_RANK]{},
        hi[XLAYOUT_MAX_RANK]{}, lhs[XLAYOUT_MAX_RANK]{}, rhs[XLAYOUT_MAX_RANK]{}, rev[XLAYOUT_MAX_RANK]{},
        unused[XLAYOUT_MAX_RANK]{};
    int n_size = -2, n_stride = -2, n_pad = -2, n_lhs = -2, n_rhs = -2, n_rev = -2;
    std::size_t p_stride = 0, p_pad = 0, p_lhs = 0, p_rhs = 0, p_rev = 0;
    while (!take('}')) {
      if (in().failed()) return false;
      ws();
      const std::size_t p = pos();
      std::string_view field = {};
      if (is_hlo_name_start(peek())) field = hlo_name();
      if (field.empty()) return fail_here(error_id::hlo_expected_name);
      if (!raw('=')) return fail_here(error_id::hlo_invalid_attribute);
      if (field == "size") {
        n_size = window_values(size, unused, false);
      } else if (field == "stride") {
        p_stride = p, n_stride = window_values(stride, unused, false);
      } else if (field == "pad") {
        p_pad = p, n_pad = window_values(lo, hi, true);
      } else if (field == "lhs_dilate") {
        p_lhs = p, n_lhs = window_values(lhs, unused, false);
      } else if (field == "rhs_dilate") {
        p_rhs = p, n_rhs = window_values(rhs, unused, false);
      } else if (field == "rhs_reversal") {
        p_rev = p, n_rev = window_values(rev, unused, false);
      } else {
        return fail_at(error_id::hlo_invalid_attribute, p);
      }
      if (in().failed()) return false;
    }
    const int n = n_size < 0 ? 0 : n_size;
    const auto check = [&](int count, std::size_t p) {
      return count == -2 || count == n || fail_at(error_id::hlo_invalid_attribute, p);
    };
    if (!check(n_stride, p_stride) || !check(n_pad, p_pad) || !check(n_lhs, p_lhs) || !check(n_rhs, p_rhs) ||
        !check(n_rev, p_rev))
      return false;
    for (int i = 0; i < n; ++i) {
      window_dimension d;
      d.size = size[i];
      if (n_stride >= 0) d.stride = stride[i];
      if (n_pad >= 0) d.padding_low = lo[i], d.padding_high = hi[i];
      if (n_lhs >= 0) d.base_dilation = lhs[i];
      if (n_rhs >= 0) d.window_dilation = rhs[i];
      if (n_rev >= 0) d.window_reversal = rev[i] != 0;
      at.window.push_back(d);
    }
    return true;
  }

  /// One side of dim_labels: 'b'/'f' (or 'i'/'o' for the kernel) and the spatial digits. Returns false
  /// when a label is missing, repeated or unknown.
  static constexpr bool labels(std::string_view s, char first, char second, index_t& a, index_t& b,
                               dimension_list& spatial) noexcept {
    a = b = -1;
    int digits = 0;
    index_t where[XLAYOUT_MAX_RANK]{};
    bool seen[XLAYOUT_MAX_RANK]{};
    if (s.size() > XLAYOUT_MAX_RANK) return false;
    for (std::size_t i = 0; i < s.size(); ++i) {
      const char c = s[i];
      if (c == first && a < 0) {
        a = static_cast<index_t>(i);
      } else if (c == second && b < 0) {
        b = static_cast<index_t>(i);
      } else if (text::is_digit(c) && c - '0' < static_cast<int>(XLAYOUT_MAX_RANK) && !seen[c - '0']) {
        seen[c - '0'] = true;
        where[c - '0'] = static_cast<index_t>(i);
        ++digits;
      } else {
        return false;
      }
    }
    if (a < 0 || b < 0) return false;
    spatial.clear();
    for (int k = 0; k < digits; ++k) {
      if (!seen[k]) return false;
      spatial.push_back(where[k]);
    }
    return true;
  }

  /// `b01f_01io->b01f`.
  constexpr bool dim_labels(convolution_dimension_numbers& cd) noexcept {
    const std::size_t start = pos();
    const std::string_view rest = in().rest();
    std::size_t len = 0;
    while (len < rest.size() && (text::is_name_char(rest[len]) || rest[len] == '-' || rest[len] == '>'))
      ++len;
    const std::string_view v = xlayout::detail::substring(rest, 0, len);
    // A loop, not string_view::find: g++ 12 with -fsanitize=undefined cannot evaluate find on the characters
    // of a template argument in a constant expression (module_v in the sanitize preset).
    std::size_t us = std::string_view::npos, arrow = std::string_view::npos;
    for (std::size_t k = 0; k < v.size(); ++k) {
      if (v[k] == '_' && us == std::string_view::npos) us = k;
      if (v[k] == '-' && k + 1 < v.size() && v[k + 1] == '>' && arrow == std::string_view::npos) arrow = k;
    }
    if (us == std::string_view::npos || arrow == std::string_view::npos || arrow < us)
      return fail_at(error_id::hlo_invalid_attribute, start);
    const std::string_view lhs = xlayout::detail::substring(v, 0, us),
                           rhs = xlayout::detail::substring(v, us + 1, arrow - us - 1),
                           out = xlayout::detail::substring(v, arrow + 2);
    if (!labels(lhs, 'b', 'f', cd.input_batch_dimension, cd.input_feature_dimension,
                cd.input_spatial_dimensions) ||
        !labels(rhs, 'i', 'o', cd.kernel_input_feature_dimension, cd.kernel_output_feature_dimension,
                cd.kernel_spatial_dimensions) ||
        !labels(out, 'b', 'f', cd.output_batch_dimension, cd.output_feature_dimension,
                cd.output_spatial_dimensions) ||
        cd.input_spatial_dimensions.size() != cd.kernel_spatial_dimensions.size() ||
        cd.input_spatial_dimensions.size() != cd.output_spatial_dimensions.size())
      return fail_at(error_id::hlo_invalid_attribute, start);
    advance(len);
    return true;
  }

  /// XLA's ShapeUtil::Compatible of an array shape and instruction id's: the same element type and sizes,
  /// layouts aside (false for a tuple-shaped instruction).
  constexpr bool compatible_with(const shape& s, std::uint16_t id) const noexcept {
    const instruction& ins = m_->instructions[id];
    if (ins.is_tuple || ins.num_shapes != 1) return false;
    const shape& t = m_->shapes[ins.first_shape];
    return s.element_type == t.element_type && s.dimensions == t.dimensions;
  }

  /// A fusion's operands against the parameters of its computation c (XLA's verifier): as many, and each
  /// array-shaped parameter of its operand's shape (tuple-shaped ones are not compared).
  constexpr bool fusion_fits(const instruction& f, std::uint16_t c) const noexcept {
    if (f.code != opcode::fusion || c >= m_->computations.size()) return true;
    const computation& comp = m_->computations[c];
    std::size_t count = 0;
    for (std::size_t k = 0; k < comp.num_instructions; ++k) {
      const instruction& p = m_->instructions[comp.first_instruction + k];
      if (p.code != opcode::parameter) continue;
      ++count;
      const auto n = static_cast<std::size_t>(p.attrs.parameter_number);
      if (n >= f.operands.size()) return false;
      const bool arrays = !p.is_tuple && !m_->instructions[f.operands[n]].is_tuple;
      if (arrays && !compatible_with(m_->shapes[p.first_shape], f.operands[n])) return false;
    }
    return count == f.operands.size();
  }

  /// Whether computation `from` calls computation `to`, directly or through others.
  constexpr bool calls_reach(std::uint16_t from, std::uint16_t to) const noexcept {
    constexpr std::size_t C = decltype(m_->computations)::capacity();
    bool seen[C]{};
    std::uint16_t stack[C]{};
    std::size_t n = 0;
    if (from >= C) return false;
    stack[n++] = from;
    seen[from] = true;
    while (n > 0) {
      const computation& comp = m_->computations[stack[--n]];
      for (std::size_t k = 0; k < comp.num_instructions; ++k) {
        for (const std::uint16_t c : m_->instructions[comp.first_instruction + k].called) {
          if (c == to) return true;
          if (c < C && !seen[c]) {
            seen[c] = true;
            stack[n++] = c;
          }
        }
      }
    }
    return false;
  }

  /// The fusion instruction stored so far whose calls= is computation c (none if none).
  constexpr std::uint16_t fusion_calling(std::uint16_t c) const noexcept {
    for (std::size_t i = 0; i < m_->instructions.size(); ++i) {
      const instruction& other = m_->instructions[i];
      if (other.code == opcode::fusion && !other.called.empty() && other.called[0] == c)
        return static_cast<std::uint16_t>(i);
    }
    return none;
  }

  /// `name` or `{name, name}`: called computations, resolved now when defined, else at the end.
  constexpr bool called(instruction& ins) noexcept {
    const bool braced = take('{');
    if (braced && take('}')) return true;
    do {
      ws();
      const std::size_t p = pos();
      const std::string_view name = hlo_name();
      if (name.empty()) return fail_here(error_id::hlo_expected_name);
      if (ins.called.full()) return fail_at(error_id::hlo_capacity_exceeded, p);
      ++counts_.calls;
      std::uint16_t c = none;
      if constexpr (!Counting) {
        c = m_->find_computation(name);
        // XLA's verifier ties each fused computation to one fusion instruction (the analyses walk a fused
        // computation in the context of its fusion).
        if (c != none && ins.code == opcode::fusion && ins.called.empty() && fusion_calling(c) != none)
          return fail_at(error_id::hlo_shared_fused_computation, p);
        // XLA's call graph is acyclic: a computation that calls itself (those it calls are defined before
        // it, or pending: the cycles through those are checked when the module is read).
        if (c == comp_) return fail_at(error_id::hlo_call_cycle, p);
        if (c != none && ins.called.empty() && !fusion_fits(ins, c))
          return fail_at(error_id::hlo_shape_mismatch, p);
        if (c == none) {
          const pending_call pc{static_cast<std::uint16_t>(counts_.instructions),
                                static_cast<std::uint16_t>(ins.called.size()),
                                static_cast<std::size_t>(name.data() - in().text().data()), name.size()};
          if (!pending_.try_push_back(pc)) return fail_at(error_id::hlo_capacity_exceeded, p);
        }
      }
      ins.called.push_back(c);
    } while (braced && take(','));
    return !braced || expect('}', error_id::expected_closing_brace);
  }

  xlayout::detail::shape_parser sp_;
  M* m_ = nullptr;
  module_capacities counts_{};
  static_vector<pending_call, MaxPending> pending_{};
  std::uint16_t comp_ = 0;
  bool entry_seen_ = false;
  std::uint32_t root_seen_ = 0;  // 1 + the computation whose ROOT was read
  std::uint32_t seen_ = 0;       // the instruction's required attributes read so far (seen)
  // The instruction's attribute names read so far (a plain array: static_vector's members are host and device
  // functions, and std::string_view's constructor is not a device one for nvcc).
  static constexpr std::size_t max_attributes = 32;
  std::string_view attribute_names_[max_attributes]{};
  std::size_t attribute_count_ = 0;
  struct parameter_numbers {
    index_t count = 0, largest = -1;
    std::size_t largest_pos = 0;
  } params_{};

  /// A parameter's number, at p: not negative and not one this computation has numbered already (XLA's
  /// HloComputation checks both as it is built); the largest is kept to check the count at the body's end.
  constexpr bool parameter_number(index_t number, std::size_t p) noexcept {
    if (number < 0) return fail_at(error_id::hlo_invalid_parameter_number, p);
    if constexpr (!Counting) {
      const computation& c = m_->computations[comp_];
      for (std::size_t i = 0; i < c.num_instructions; ++i) {
        const instruction& other = m_->instructions[c.first_instruction + i];
        if (other.code == opcode::parameter && other.attrs.parameter_number == number)
          return fail_at(error_id::hlo_invalid_parameter_number, p);
      }
    }
    ++params_.count;
    if (number > params_.largest) {
      params_.largest = number;
      params_.largest_pos = p;
    }
    return true;
  }
};

/// The module type a counting pass uses (never written).
using counting_module = basic_module<1, 1, 1, 1>;

template <class M, std::size_t MaxPending>
constexpr parse_error parse_into(std::string_view text, M& out) noexcept {
  module_parser<M, false, MaxPending> p(text, &out);
  if (p.parse()) return {};
  return located(text, p.failure());
}

constexpr std::size_t at_least_one(std::size_t n) noexcept { return n == 0 ? 1 : n; }

}  // namespace detail

/// The capacities the module's text needs (a first pass that stores nothing and resolves no names: an
/// unknown operand is reported by parse_module, not here).
constexpr parse_result<module_capacities> required_capacities(std::string_view text) noexcept {
  detail::module_parser<detail::counting_module, true, 1> p(text, nullptr);
  parse_result<module_capacities> r;
  if (p.parse()) {
    r.value_ = p.capacities();
  } else {
    r.error_ = detail::located(text, p.failure());
  }
  return r;
}

/// Parses HLO text into `out` (cleared first); returns the error (id none on success). For modules held in
/// static or heap storage: hlo::module is about 1.4 MB.
template <class M>
constexpr parse_error parse_module_into(std::string_view text, M& out) noexcept {
  out = M{};
  return detail::parse_into<M, 64>(text, out);
}

/// Parses HLO text: `hlo::parse_module(text)` fills an hlo::module (the XLAYOUT_HLO_MAX_* capacities);
/// `hlo::parse_module<hlo::basic_module<I, C, S, N>>(text)` one with its own.
template <class M = module>
constexpr parse_result<M> parse_module(std::string_view text) noexcept {
  parse_result<M> r;
  r.error_ = detail::parse_into<M, 64>(text, r.value_);
  return r;
}

namespace detail {

/// Instantiating ok with an error id is the compile error: [xlayout:<id>] with the line and the column.
template <error_id Id, index_t Line, index_t Column>
struct error_at_line_column {
  static constexpr bool ok = raise_if_error<Id, Column>;
};

/// Parses S twice: once to measure, once into a module of exactly that size.
template <fixed_string S>
struct parsed_module {
  static constexpr parse_result<module_capacities> counted = required_capacities(S.view());
  static_assert(error_at_line_column<counted.error_.id, counted.error_.line, counted.error_.column>::ok);
  static constexpr module_capacities cap = counted.value_;
  using type = basic_module<at_least_one(cap.instructions), at_least_one(cap.computations),
                            at_least_one(cap.shapes), at_least_one(cap.chars)>;
  static constexpr parse_result<type> parsed = [] {
    parse_result<type> r;
    if (counted.has_value()) r.error_ = parse_into<type, at_least_one(cap.calls)>(S.view(), r.value_);
    return r;
  }();
  static_assert(error_at_line_column<parsed.error_.id, parsed.error_.line, parsed.error_.column>::ok);
};

}  // namespace detail

/// The module written as HLO text, parsed at compile time into a basic_module sized to it:
///   static_assert(hlo::module_v<"ENTRY e {\n p = f32[4] parameter(0)\n ROOT n = f32[4] negate(p)\n}">
///                     .instructions[1].code == hlo::opcode::negate);
/// Bad text does not compile: [xlayout:<id>] and error_at_line_column<id, line, column>.
template <fixed_string S>
inline constexpr const auto& module_v = detail::parsed_module<S>::parsed.value_;

}  // namespace XLAYOUT_NAMESPACE::hlo
