// include/xlayout/core/static_vector.hpp: a fixed-capacity vector that is a literal and structural type,
// so it works in constant expressions, as a template argument, on the GPU and without a heap.
#pragma once
#include <cstddef>
#include <initializer_list>

#include <xlayout/core/config.hpp>

namespace XLAYOUT_NAMESPACE {

/// Up to N elements of T stored inline. Unused slots always hold T{}, so two vectors with equal
/// contents are also equal as template arguments.
///
/// The data members are public only because C++20 requires that of a type used as a template
/// argument; use the member functions.
template <class T, std::size_t N>
struct static_vector {
  static_assert(N > 0, "[xlayout:capacity_exceeded] xlayout::static_vector: capacity must be positive");

  T elems_[N]{};
  std::size_t size_ = 0;

  using value_type = T;
  using size_type = std::size_t;
  using iterator = T*;
  using const_iterator = const T*;

  constexpr static_vector() = default;

  /// The members as they are (nvcc's host pass re-prints a template argument holding a static_vector member
  /// by member: {{1, 0, 0, ...}, 2}). @pre size <= N, and the slots from size on hold T{}
  XLAYOUT_HD constexpr static_vector(const T (&elems)[N], std::size_t size) : size_(size) {
    XLAYOUT_ASSERT(size <= N, "xlayout::static_vector: size over the capacity");
    for (std::size_t i = 0; i < N; ++i) elems_[i] = elems[i];
  }

  /// @pre init.size() <= N
  XLAYOUT_HD constexpr static_vector(std::initializer_list<T> init) {
    XLAYOUT_ASSERT(init.size() <= N, "xlayout::static_vector: too many initial elements");
    for (const T& v : init) elems_[size_++] = v;
  }

  XLAYOUT_HD static constexpr std::size_t capacity() noexcept { return N; }
  XLAYOUT_HD constexpr std::size_t size() const noexcept { return size_; }
  XLAYOUT_HD constexpr bool empty() const noexcept { return size_ == 0; }
  XLAYOUT_HD constexpr bool full() const noexcept { return size_ == N; }

  XLAYOUT_HD constexpr T* data() noexcept { return elems_; }
  XLAYOUT_HD constexpr const T* data() const noexcept { return elems_; }
  XLAYOUT_HD constexpr T* begin() noexcept { return elems_; }
  XLAYOUT_HD constexpr T* end() noexcept { return elems_ + size_; }
  XLAYOUT_HD constexpr const T* begin() const noexcept { return elems_; }
  XLAYOUT_HD constexpr const T* end() const noexcept { return elems_ + size_; }

  /// @pre i < size()
  XLAYOUT_HD constexpr T& operator[](std::size_t i) noexcept {
    XLAYOUT_ASSERT(i < size_, "xlayout::static_vector: index out of range");
    return elems_[i];
  }
  XLAYOUT_HD constexpr const T& operator[](std::size_t i) const noexcept {
    XLAYOUT_ASSERT(i < size_, "xlayout::static_vector: index out of range");
    return elems_[i];
  }
  XLAYOUT_HD constexpr T& front() noexcept { return (*this)[0]; }
  XLAYOUT_HD constexpr const T& front() const noexcept { return (*this)[0]; }
  XLAYOUT_HD constexpr T& back() noexcept { return (*this)[size_ - 1]; }
  XLAYOUT_HD constexpr const T& back() const noexcept { return (*this)[size_ - 1]; }

  /// Appends v; returns false (and changes nothing) when the vector is full.
  XLAYOUT_HD constexpr bool try_push_back(const T& v) noexcept {
    if (size_ == N) return false;
    elems_[size_++] = v;
    return true;
  }

  /// @pre !full()
  XLAYOUT_HD constexpr void push_back(const T& v) noexcept {
    XLAYOUT_ASSERT(size_ < N, "xlayout::static_vector: capacity exceeded");
    elems_[size_++] = v;
  }

  /// @pre !empty()
  XLAYOUT_HD constexpr void pop_back() noexcept {
    XLAYOUT_ASSERT(size_ > 0, "xlayout::static_vector: pop_back on empty vector");
    elems_[--size_] = T{};
  }

  /// Inserts v before position pos, shifting later elements up.
  /// @pre pos <= size() and !full()
  XLAYOUT_HD constexpr void insert(std::size_t pos, const T& v) noexcept {
    XLAYOUT_ASSERT(pos <= size_ && size_ < N, "xlayout::static_vector: bad insert");
    for (std::size_t i = size_; i > pos; --i) elems_[i] = elems_[i - 1];
    elems_[pos] = v;
    ++size_;
  }

  /// Removes the element at position pos, shifting later elements down.
  /// @pre pos < size()
  XLAYOUT_HD constexpr void erase(std::size_t pos) noexcept {
    XLAYOUT_ASSERT(pos < size_, "xlayout::static_vector: bad erase");
    for (std::size_t i = pos; i + 1 < size_; ++i) elems_[i] = elems_[i + 1];
    elems_[--size_] = T{};
  }

  /// Grows with copies of v or shrinks to n elements.
  /// @pre n <= N
  XLAYOUT_HD constexpr void resize(std::size_t n, const T& v = T{}) noexcept {
    XLAYOUT_ASSERT(n <= N, "xlayout::static_vector: capacity exceeded");
    for (std::size_t i = size_; i < n; ++i) elems_[i] = v;
    for (std::size_t i = n; i < size_; ++i) elems_[i] = T{};
    size_ = n;
  }

  /// Empties the vector. (Not resize(0): g++ 12 stops with an internal compiler error on the
  /// value-initialised temporary T{} of resize when T is tens of kilobytes, as the HLO analysis' results
  /// are.)
  XLAYOUT_HD constexpr void clear() noexcept {
    const T empty{};
    for (std::size_t i = 0; i < size_; ++i) elems_[i] = empty;
    size_ = 0;
  }

  friend XLAYOUT_HD constexpr bool operator==(const static_vector& a, const static_vector& b) noexcept {
    if (a.size_ != b.size_) return false;
    for (std::size_t i = 0; i < a.size_; ++i) {
      if (!(a.elems_[i] == b.elems_[i])) return false;
    }
    return true;
  }
};

}  // namespace XLAYOUT_NAMESPACE
