// expect-error: conversion from|could not convert|no viable conversion
// The mistake: a read-only view does not convert back to a mutable one.
#include <xlayout/tensor.hpp>
xlayout::Tensor<"f32[3,5]"> writable(xlayout::ConstTensor<"f32[3,5]"> c) { return c; }
