//===- PointLoopPrinter.cpp - isl's point loops as C ----------------------===//

#include "PointLoopPrinter.h"

#include "hetile/Support/LineTags.h"
#include "hetile/Transform/Tiling.h"

#include <isl/ast.h>

#include <cctype>

namespace hetile {

namespace {

std::string spaces(unsigned N) { return std::string(N, ' '); }

/// Skips a comment or literal starting at \p I; returns false if none.
bool skipNonCode(const std::string &T, size_t &I) {
  if (T.compare(I, 2, "//") == 0) {
    I = T.find('\n', I);
    I = I == std::string::npos ? T.size() : I;
    return true;
  }
  if (T.compare(I, 2, "/*") == 0) {
    size_t E = T.find("*/", I + 2);
    I = E == std::string::npos ? T.size() : E + 2;
    return true;
  }
  if (T[I] != '"' && T[I] != '\'')
    return false;
  char Q = T[I++];
  while (I < T.size() && T[I] != Q)
    I += T[I] == '\\' ? 2 : 1;
  I = std::min(I + 1, T.size());
  return true;
}

/// The user node's call expression S0(e_1, ..., e_n).
isl::ast_expr_op callOf(const isl::ast_node_user &User) {
  return User.expr().as<isl::ast_expr_op>();
}

void collectUsers(const isl::ast_node &N, std::vector<isl::ast_node_user> &Out) {
  switch (isl_ast_node_get_type(N.get())) {
  case isl_ast_node_for:
    return collectUsers(N.as<isl::ast_node_for>().body(), Out);
  case isl_ast_node_if: {
    isl::ast_node_if If = N.as<isl::ast_node_if>();
    collectUsers(If.then_node(), Out);
    if (If.has_else_node().is_true())
      collectUsers(If.else_node(), Out);
    return;
  }
  case isl_ast_node_block: {
    isl::ast_node_list L = N.as<isl::ast_node_block>().children();
    for (int I = 0, E = L.size().release(); I < E; ++I)
      collectUsers(L.at(I), Out);
    return;
  }
  case isl_ast_node_mark:
    return collectUsers(N.as<isl::ast_node_mark>().node(), Out);
  case isl_ast_node_user:
    Out.push_back(N.as<isl::ast_node_user>());
    return;
  default:
    return;
  }
}

bool isSignedIntegerType(const std::string &T) {
  static const char *const Signed[] = {
      "int",           "signed",    "signed int", "long",     "long int",
      "signed long",   "long long", "long long int", "short", "short int",
      "ptrdiff_t",     "ssize_t",   "int32_t",    "int64_t",  "intptr_t"};
  for (const char *S : Signed)
    if (T == S)
      return true;
  return false;
}

/// Statement text with the original indentation of its continuation lines
/// (relative to its first column) re-based at \p Indent. With \p Span,
/// where the text is in the file, each line carries its line tag
/// (Support/LineTags.h).
std::string indentText(const std::string &Text, unsigned Column,
                       unsigned Indent, const SourceSpan *Span = nullptr) {
  std::string Out;
  size_t Pos = 0;
  bool First = true;
  for (unsigned K = 0; Pos <= Text.size(); ++K) {
    size_t End = Text.find('\n', Pos);
    if (End == std::string::npos)
      End = Text.size();
    std::string Line = Text.substr(Pos, End - Pos);
    while (!Line.empty() && std::isspace(static_cast<unsigned char>(Line.back())))
      Line.pop_back();
    size_t Lead = Line.find_first_not_of(" \t");
    if (!First && Lead != std::string::npos)
      Line = Line.substr(std::min<size_t>(Lead, Column ? Column - 1 : Lead));
    else if (Lead != std::string::npos)
      Line = Line.substr(Lead);
    if (!Line.empty()) {
      Out += spaces(Indent) + Line;
      if (Span && Span->Begin.Offset != ~0u)
        appendLineTag(Out, Span->Begin.Offset, K);
      Out += "\n";
    }
    First = false;
    Pos = End + 1;
  }
  return Out;
}

/// A single statement ending in ';' (a declaration is never simple: the
/// caller checks ScopStmt::Declares).
bool isSimpleStatement(const std::string &Text) {
  size_t Last = Text.find_last_not_of(" \t\n\r");
  if (Last == std::string::npos || Text[Last] != ';')
    return false;
  size_t Semis = 0;
  for (size_t I = 0; I < Text.size();) {
    if (skipNonCode(Text, I))
      continue;
    if (Text[I] == ';' || Text[I] == '{')
      Semis += Text[I] == ';' ? 1 : 2;
    ++I;
  }
  return Semis == 1 && Text.find("//") == std::string::npos;
}

} // namespace

PointLoopPrinter::PointLoopPrinter(const Scop &S, CExprPrinter &Exprs,
                                   std::set<std::string> Taken)
    : S(S), Exprs(Exprs), Taken(std::move(Taken)) {}

const ScopStmt *PointLoopPrinter::findStmt(const std::string &Name) const {
  for (const ScopStmt &Stmt : S.Stmts)
    if (Stmt.Name == Name)
      return &Stmt;
  return nullptr;
}

std::string PointLoopPrinter::iteratorType(const ScopStmt &Stmt,
                                           unsigned K) const {
  if (K < Stmt.LoopIds.size() && Stmt.LoopIds[K] < S.Loops.size() &&
      !S.Loops[Stmt.LoopIds[K]].IteratorType.empty())
    return S.Loops[Stmt.LoopIds[K]].IteratorType;
  return "long";
}

bool PointLoopPrinter::isNarrowDim(const std::string &IslName) const {
  if (IslName.size() < 2 || IslName[0] != 'c')
    return false;
  unsigned K = 0;
  for (size_t I = 1; I < IslName.size(); ++I) {
    if (!std::isdigit(static_cast<unsigned char>(IslName[I])) || K > 1000)
      return false;
    K = K * 10 + unsigned(IslName[I] - '0');
  }
  return K < NarrowDims;
}

long PointLoopPrinter::weightOf(const isl::ast_expr &E) const {
  const long TooMuch = NarrowMaxWeight + 1;
  switch (isl_ast_expr_get_type(E.get())) {
  case isl_ast_expr_id: {
    auto It = Weight.find(E.as<isl::ast_expr_id>().id().name());
    return It == Weight.end() ? 0 : It->second;
  }
  case isl_ast_expr_int:
    return 0;
  case isl_ast_expr_op:
    break;
  default:
    return TooMuch;
  }
  isl::ast_expr_op Op = E.as<isl::ast_expr_op>();
  int N = Op.n_arg().release();
  auto Arg = [&](int I) { return Op.arg(I); };
  auto Magnitude = [&](const isl::ast_expr &C) -> long {
    isl::val V = C.as<isl::ast_expr_int>().val();
    if (!V.is_int().is_true() || V.abs().gt(isl::val(V.ctx(), TooMuch)).is_true())
      return TooMuch;
    return std::labs(V.get_num_si());
  };
  switch (isl_ast_expr_op_get_type(Op.get())) {
  case isl_ast_expr_op_add:
  case isl_ast_expr_op_sub: {
    long W = 0;
    for (int I = 0; I < N; ++I)
      W = std::min(TooMuch, W + weightOf(Arg(I)));
    return W;
  }
  case isl_ast_expr_op_minus:
    return weightOf(Arg(0));
  case isl_ast_expr_op_mul: {
    bool C0 = isl_ast_expr_get_type(Arg(0).get()) == isl_ast_expr_int;
    bool C1 = isl_ast_expr_get_type(Arg(1).get()) == isl_ast_expr_int;
    if (!C0 && !C1)
      return TooMuch;
    long W = weightOf(Arg(C0 ? 1 : 0));
    return W == 0 ? 0 : std::min(TooMuch, W * Magnitude(Arg(C0 ? 0 : 1)));
  }
  default: {
    // min, max, divisions, comparisons, conditions: each operand is
    // computed on its own; a quotient is no larger than its dividend.
    long W = 0;
    for (int I = 0; I < N; ++I)
      W = std::max(W, weightOf(Arg(I)));
    return W;
  }
  }
}

std::string PointLoopPrinter::expr(const isl::ast_expr &E) const {
  if (!NarrowDims || weightOf(E) <= NarrowMaxWeight)
    return Exprs.print(E);
  // Too heavy for int arithmetic: every counter in it as a long.
  std::map<std::string, std::string> Saved = Exprs.Names;
  for (const auto &[Id, W] : Weight) {
    if (W == 0)
      continue;
    auto It = Exprs.Names.find(Id);
    std::string C = It == Exprs.Names.end() ? Id : It->second;
    Exprs.Names[Id] = "(long)(" + C + ")";
  }
  std::string Text = Exprs.print(E);
  Exprs.Names = std::move(Saved);
  return Text;
}

void PointLoopPrinter::chooseName(const isl::ast_node_for &For,
                                  const std::string &IslName,
                                  std::string &Name, std::string &Type) const {
  Name = Taken.count(IslName) ? "hetile_" + IslName : IslName;
  Type = isNarrowDim(IslName) ? "int" : "long";
  std::vector<isl::ast_node_user> Users;
  collectUsers(For.body(), Users);
  std::string Candidate, CandidateType;
  for (const isl::ast_node_user &U : Users) {
    isl::ast_expr_op Call = callOf(U);
    const ScopStmt *Stmt = findStmt(Call.arg(0).as<isl::ast_expr_id>().id().name());
    if (!Stmt)
      return;
    std::string Found, FoundType;
    for (int K = 1, E = Call.n_arg().release(); K < E; ++K) {
      isl::ast_expr Arg = Call.arg(K);
      if (isl_ast_expr_get_type(Arg.get()) != isl_ast_expr_id ||
          Arg.as<isl::ast_expr_id>().id().name() != IslName ||
          unsigned(K - 1) >= Stmt->Iterators.size())
        continue;
      if (!Found.empty())
        return; // two iterators equal to this loop
      Found = Stmt->Iterators[K - 1];
      FoundType = iteratorType(*Stmt, K - 1);
    }
    if (Found.empty() || (!Candidate.empty() && (Found != Candidate ||
                                                 FoundType != CandidateType)))
      return;
    Candidate = Found;
    CandidateType = FoundType;
  }
  if (Candidate.empty() || !isSignedIntegerType(CandidateType) ||
      Exprs.LongCast.count(Candidate))
    return;
  for (const std::string &A : Active)
    if (A == Candidate)
      return;
  Name = Candidate;
  Type = CandidateType;
}

void PointLoopPrinter::print(const isl::ast_node &Node, unsigned Indent,
                             std::string &Out) {
  switch (isl_ast_node_get_type(Node.get())) {
  case isl_ast_node_for:
    return printFor(Node.as<isl::ast_node_for>(), Indent, Out);
  case isl_ast_node_if:
    return printIf(Node.as<isl::ast_node_if>(), Indent, Out);
  case isl_ast_node_block: {
    isl::ast_node_list L = Node.as<isl::ast_node_block>().children();
    for (int I = 0, E = L.size().release(); I < E; ++I)
      print(L.at(I), Indent, Out);
    return;
  }
  case isl_ast_node_mark:
    return print(Node.as<isl::ast_node_mark>().node(), Indent, Out);
  case isl_ast_node_user:
    return printUser(Node.as<isl::ast_node_user>(), Indent, Out, false);
  default:
    Out += spaces(Indent) + "/* hetile: unsupported isl AST node */\n";
  }
}

namespace {
/// Whether \p N prints as one C statement (a for-body needing no braces).
bool isSingle(const isl::ast_node &N) {
  switch (isl_ast_node_get_type(N.get())) {
  case isl_ast_node_for: {
    isl::ast_node_for F = N.as<isl::ast_node_for>();
    return !F.is_degenerate().is_true() || isSingle(F.body());
  }
  case isl_ast_node_mark:
    return isSingle(N.as<isl::ast_node_mark>().node());
  case isl_ast_node_user:
    return true;
  default:
    return false;
  }
}
} // namespace

void PointLoopPrinter::printBody(const isl::ast_node &Body, unsigned Indent,
                                 std::string &Out, bool ForceBraces) {
  bool User = isl_ast_node_get_type(Body.get()) == isl_ast_node_user;
  if (!ForceBraces && isSingle(Body) &&
      !(User && needsBlock(Body.as<isl::ast_node_user>()))) {
    Out += "\n";
    return print(Body, Indent + 2, Out);
  }
  Out += " {\n";
  if (User)
    printUser(Body.as<isl::ast_node_user>(), Indent + 2, Out, true);
  else
    print(Body, Indent + 2, Out);
  Out += spaces(Indent) + "}\n";
}

void PointLoopPrinter::printFor(const isl::ast_node_for &For, unsigned Indent,
                                std::string &Out) {
  std::string IslName = For.iterator().as<isl::ast_expr_id>().id().name();
  auto Saved = Exprs.Names.find(IslName) == Exprs.Names.end()
                   ? std::string("\x01")
                   : Exprs.Names[IslName];
  auto SavedWeight = Weight.find(IslName) == Weight.end()
                         ? -1L
                         : Weight[IslName];
  if (For.is_degenerate().is_true()) {
    // One iteration: substitute the value, print no loop.
    long W = NarrowDims ? weightOf(For.init()) : 0;
    std::string Init = expr(For.init());
    Exprs.Names[IslName] = Init;
    Weight[IslName] = W <= NarrowMaxWeight ? W : 0; // else printed as long
    print(For.body(), Indent, Out);
  } else {
    std::string Name, Type;
    chooseName(For, IslName, Name, Type);
    std::string Init = expr(For.init());
    Exprs.Names[IslName] = Name;
    if (isNarrowDim(IslName))
      Weight[IslName] = 1;
    else
      Weight.erase(IslName);
    std::string Inc = expr(For.inc());
    std::string Header = "for (" + Type + " " + Name + " = " + Init + ";";
    std::string Cond = expr(For.cond()) + "; ";
    Cond = (Indent + Header.size() + Cond.size() > 72
                ? "\n" + spaces(Indent + 5)
                : std::string(" ")) +
           Cond;
    Out += spaces(Indent) + Header + Cond +
           (Inc == "1" ? Name + "++" : Name + " += " + Inc) + ")";
    Active.push_back(Name);
    printBody(For.body(), Indent, Out, false);
    Active.pop_back();
  }
  if (Saved == "\x01")
    Exprs.Names.erase(IslName);
  else
    Exprs.Names[IslName] = Saved;
  if (SavedWeight < 0)
    Weight.erase(IslName);
  else
    Weight[IslName] = SavedWeight;
}

void PointLoopPrinter::printIf(const isl::ast_node_if &If, unsigned Indent,
                               std::string &Out) {
  Out += spaces(Indent) + "if (" + expr(If.cond()) + ")";
  printBody(If.then_node(), Indent, Out, true);
  if (!If.has_else_node().is_true())
    return;
  Out.pop_back(); // "}\n" -> "} else"
  Out += " else";
  printBody(If.else_node(), Indent, Out, true);
}

std::string PointLoopPrinter::declarations(const isl::ast_node_user &User,
                                           const ScopStmt &Stmt) const {
  isl::ast_expr_op Call = callOf(User);
  const std::set<std::string> &Used = Stmt.Identifiers;
  std::string Decls;
  for (int K = 1, E = Call.n_arg().release(); K < E; ++K) {
    unsigned I = unsigned(K - 1);
    if (I >= Stmt.Iterators.size() || !Used.count(Stmt.Iterators[I]))
      continue;
    std::string Value = expr(Call.arg(K));
    if (Value == Stmt.Iterators[I])
      continue;
    Decls += "const " + iteratorType(Stmt, I) + " " + Stmt.Iterators[I] +
             " = " + Value + ";\n";
  }
  return Decls;
}

bool PointLoopPrinter::needsBlock(const isl::ast_node_user &User) const {
  const ScopStmt *Stmt = findStmt(
      callOf(User).arg(0).as<isl::ast_expr_id>().id().name());
  return Stmt &&
         (Stmt->Declares || !isSimpleStatement(Stmt->Text) ||
          !declarations(User, *Stmt).empty());
}

void PointLoopPrinter::printUser(const isl::ast_node_user &User,
                                 unsigned Indent, std::string &Out,
                                 bool InOwnBlock) {
  std::string Name = callOf(User).arg(0).as<isl::ast_expr_id>().id().name();
  const ScopStmt *Stmt = findStmt(Name);
  if (!Stmt) {
    Out += spaces(Indent) + "/* hetile: unknown statement " + Name + " */\n";
    return;
  }
  std::string Decls = declarations(User, *Stmt);
  bool Block = !InOwnBlock && (!Decls.empty() || Stmt->Declares ||
                               !isSimpleStatement(Stmt->Text));
  unsigned Inner = Block ? Indent + 2 : Indent;
  if (Block)
    Out += spaces(Indent) + "{\n";
  Out += indentText(Decls, 0, Inner);
  Out += indentText(Stmt->Text, Stmt->Span.Begin.Column, Inner, &Stmt->Span);
  if (Block)
    Out += spaces(Indent) + "}\n";
}

} // namespace hetile
