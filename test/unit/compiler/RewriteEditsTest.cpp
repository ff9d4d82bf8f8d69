//===- RewriteEditsTest.cpp - Edits, includes, line tags and #line --------===//

#include "hetile/Rewrite/FileRewriter.h"
#include "hetile/Support/LineTags.h"

#include <gtest/gtest.h>

using namespace hetile;

namespace {

TEST(LineTags, StripReturnsWhereEachTaggedLineComesFrom) {
  std::string Text = "{\n  x = 1;";
  appendLineTag(Text, 40, 0);
  Text += "\n  y = 2;";
  appendLineTag(Text, 40, 1);
  Text += "\n}";
  std::vector<LineTag> Tags;
  EXPECT_EQ(stripLineTags(Text, &Tags), "{\n  x = 1;\n  y = 2;\n}");
  ASSERT_EQ(Tags.size(), 2u);
  EXPECT_EQ(Tags[0].Line, 1u);
  EXPECT_EQ(Tags[0].Offset, 40u);
  EXPECT_EQ(Tags[0].StmtLine, 0u);
  EXPECT_EQ(Tags[1].Line, 2u);
  EXPECT_EQ(Tags[1].StmtLine, 1u);
  std::vector<LineTag> Again;
  EXPECT_EQ(stripLineTags(tagLines("a\n\nb\n", 7), &Again), "a\n\nb\n");
  ASSERT_EQ(Again.size(), 3u);
  EXPECT_EQ(Again[2].Line, 2u);
  EXPECT_EQ(Again[2].StmtLine, 2u);
  // The control character inside a string literal is the program's.
  std::string Literal = "puts(\"\x1f\");";
  EXPECT_EQ(stripLineTags(Literal), Literal);
  EXPECT_EQ(stripLineTags(tagLines(Literal, 3)), Literal);
}

TEST(RewriteEdits, OverlappingNestIsLeftWhole) {
  std::string Buffer = "int f(void) {\n  a;\n  b;\n  c;\n}\n";
  unsigned A = Buffer.find("a;"), B = Buffer.find("b;");
  NestEdits First = {{A, B + 2 - A, "A;\n  B;", false, {}}};
  // Overlaps the first nest's span: none of its edits may land.
  NestEdits Second = {{unsigned(Buffer.find("c;")), 2u, "C;", false, {}},
                      {B, 2, "X;", false, {}}};
  AppliedEdits R = applyNestEdits("f.c", Buffer, {First, Second},
                                  {"stdio.h", "hetile_rt.h"}, false);
  EXPECT_EQ(R.NumApplied, 1u);
  ASSERT_EQ(R.Errors.size(), 2u);
  EXPECT_TRUE(R.Errors[0].empty());
  EXPECT_FALSE(R.Errors[1].empty());
  EXPECT_EQ(R.Text, "#include <stdio.h>\n#include \"hetile_rt.h\"\n"
                    "int f(void) {\n  A;\n  B;\n  c;\n}\n");
}

TEST(RewriteEdits, JoiningInsertionsOfAppliedNestsMeet) {
  std::string Buffer = "int g;\nint f(void) {\n  a;\n  b;\n}\n";
  unsigned F = Buffer.find("int f"), A = Buffer.find("a;"),
           B = Buffer.find("b;");
  auto Before = [&](const char *Text) {
    TextEdit E{F, 0, Text, false, {}};
    E.Joins = true;
    return E;
  };
  NestEdits First = {{A, 2, "A;", false, {}}, Before("void p1(void);\n")};
  NestEdits Second = {{B, 2, "B;", false, {}}, Before("void p2(void);\n")};
  // Overlaps the first nest: its insertion must not land either.
  NestEdits Third = {{A, 2, "X;", false, {}}, Before("void p3(void);\n")};
  AppliedEdits R = applyNestEdits("f.c", Buffer, {First, Second, Third}, {},
                                  false);
  EXPECT_EQ(R.NumApplied, 2u);
  ASSERT_EQ(R.Errors.size(), 3u);
  EXPECT_FALSE(R.Errors[2].empty());
  EXPECT_EQ(R.Text, "int g;\nvoid p1(void);\nvoid p2(void);\n"
                    "int f(void) {\n  A;\n  B;\n}\n");
  // At offset 0, after the includes; a nest's edit that covers another's
  // insertion is refused.
  NestEdits AtTop = {{A, 2, "A;", false, {}}, Before("void p(void);\n")};
  AtTop[1].Offset = 0;
  NestEdits Covering = {{0, 3, "long", false, {}}};
  AppliedEdits Top = applyNestEdits("f.c", Buffer, {AtTop, Covering},
                                    {"stdio.h"}, false);
  EXPECT_EQ(Top.NumApplied, 1u);
  EXPECT_EQ(Top.Text, "#include <stdio.h>\nvoid p(void);\nint g;\n"
                      "int f(void) {\n  A;\n  b;\n}\n");
}

TEST(RewriteEdits, IncludesOnlyWhenSomethingChangedAndMissing) {
  std::string Buffer = "#include <stdio.h>\nint x;\n";
  AppliedEdits None = applyNestEdits("f.c", Buffer, {}, {"stdio.h"}, false);
  EXPECT_EQ(None.Text, Buffer);
  NestEdits E = {{unsigned(Buffer.find("x;")), 1, "y", false, {}}};
  AppliedEdits R = applyNestEdits("f.c", Buffer, {E}, {"stdio.h", "omp.h"}, false);
  EXPECT_EQ(R.Text, "#include <omp.h>\n#include <stdio.h>\nint y;\n");
}

TEST(RewriteEdits, LineDirectivesFollowTheMarks) {
  // Lines 2..4 (the nest) become seven lines; the third copies line 3. The
  // others stay within lines 2..4.
  std::string Buffer = "int f(void) {\n  for (;;)\n    s;\n  end;\n}\n";
  unsigned Begin = Buffer.find("for"), End = Buffer.find("end;") + 4;
  TextEdit E{Begin, End - Begin,
             "{\n  gen;\n    s;\n  gen;\n  gen;\n  gen;\n}", true, {{2, 3}}};
  AppliedEdits R = applyNestEdits("f.c", Buffer, {NestEdits{E}}, {}, true);
  EXPECT_EQ(R.Text, "int f(void) {\n"
                    "  {\n"
                    "  gen;\n"
                    "#line 3 \"f.c\"\n"
                    "    s;\n"
                    "  gen;\n"
                    "#line 2 \"f.c\"\n"
                    "  gen;\n"
                    "  gen;\n"
                    "}\n"
                    "#line 4 \"f.c\"\n"
                    "\n}\n");
}

} // namespace
