//===- IslBindingTest.cpp - The one isl is the one bound --------------------===//

#include "hetile/Support/IslBinding.h"
#include "hetile/Support/IslUtils.h"

#include <gtest/gtest.h>

using namespace hetile;

TEST(IslBinding, BoundIslIsLibLLVMs) { EXPECT_EQ(checkIslBinding(), ""); }

TEST(IslBinding, ValuesBeyond64BitsWork) {
  // IMath-backed isl_val must handle big integers: 2^70 / 2^35 = 2^35.
  IslContext Ctx;
  isl::val Big(Ctx.get(), "1180591620717411303424");
  isl::val Half(Ctx.get(), "34359738368");
  EXPECT_EQ(toString(Big.div(Half)), "34359738368");
}
