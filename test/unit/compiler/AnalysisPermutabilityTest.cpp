//===- AnalysisPermutabilityTest.cpp - Permutable bands of hand-built Scops ===//

#include "AnalysisTestUtils.h"
#include "hetile/Analysis/Permutability.h"

#include <gtest/gtest.h>

using namespace hetile;
using namespace hetile::test;
