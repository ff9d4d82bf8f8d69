//===- ElementLoops.h - Loops over a set of array elements as C --*- C++ -*-===//
//
// Private to CodeGen. Prints the loops isl generates over a set of array
// elements with one statement per element: the MPI backends' message and
// final-exchange packing, and the copy of a privatized variable's final
// value (TiledCodeGen.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_LIB_CODEGEN_ELEMENTLOOPS_H
#define HETILE_LIB_CODEGEN_ELEMENTLOOPS_H

#include "CExprPrinter.h"
#include "NestEmitter.h"

#include <optional>
#include <string>
#include <vector>

namespace hetile {

/// The C lvalue of element \p Subs (C expressions, outermost first) of
/// \p Array: "A[x][y]", or for a delinearized array with row lengths
/// \p RowExtents (ScopArray::RowExtents) "A[(x) * (n) + (y)]", or for an
/// array of structs whose members have the one C type \p Member
/// (ScopArray::MemberTypes) the member at byte offset z of element (x, y),
/// "(*(double *)((char *)&A[x][y] + (z)))".
inline std::string elementLvalue(const std::string &Array,
                                 const std::vector<std::string> &Subs,
                                 const std::vector<std::string> &RowExtents,
                                 const std::string &Member = "") {
  if (!Member.empty() && !Subs.empty()) {
    std::vector<std::string> Element(Subs.begin(), Subs.end() - 1);
    return "(*(" + Member + " *)((char *)&" +
           elementLvalue(Array, Element, RowExtents) + " + (" + Subs.back() +
           ")))";
  }
  std::string Out = Array;
  if (RowExtents.empty() || Subs.size() != RowExtents.size() + 1) {
    for (const std::string &S : Subs)
      Out += "[" + S + "]";
    return Out;
  }
  std::string Flat = Subs.front();
  for (size_t K = 1; K < Subs.size(); ++K)
    Flat = "(" + Flat + ") * (" + RowExtents[K - 1] + ") + (" + Subs[K] + ")";
  return Out + "[" + Flat + "]";
}

/// Prints the loops isl generates over one set of array elements, with a
/// statement per element.
class ElementLoops {
public:
  /// The loops count in long variables named \p Prefix0, \p Prefix1, ...
  ElementLoops(CExprPrinter &Exprs, std::string Array,
               std::string Prefix = "hetile_e",
               std::vector<std::string> RowExtents = {},
               std::string Member = "")
      : Exprs(Exprs), Array(std::move(Array)), Prefix(std::move(Prefix)),
        RowExtents(std::move(RowExtents)), Member(std::move(Member)) {}

  /// \p Stmt receives the C lvalue of the element (e.g. "A[e0][e1]").
  template <typename Fn>
  void print(const isl::ast_node &Node, unsigned Indent, std::string &Out,
             Fn Stmt) {
    switch (isl_ast_node_get_type(Node.get())) {
    case isl_ast_node_for: {
      isl::ast_node_for For = Node.as<isl::ast_node_for>();
      std::string Iter = For.iterator().as<isl::ast_expr_id>().id().name();
      std::string Name = Prefix + std::to_string(Depth++);
      auto Saved = Exprs.Names.find(Iter);
      std::optional<std::string> Before;
      if (Saved != Exprs.Names.end())
        Before = Saved->second;
      Exprs.Names[Iter] = Name;
      Out += spaces(Indent) + "for (long " + Name + " = " +
             Exprs.print(For.init()) + "; " + Exprs.print(For.cond()) + "; " +
             Name + " += " + Exprs.print(For.inc()) + ") {\n";
      print(For.body(), Indent + 2, Out, Stmt);
      Out += spaces(Indent) + "}\n";
      --Depth;
      // isl names the loops of every AST c0, c1, ...: the name is ours only
      // inside this loop.
      if (Before)
        Exprs.Names[Iter] = *Before;
      else
        Exprs.Names.erase(Iter);
      return;
    }
    case isl_ast_node_if: {
      isl::ast_node_if If = Node.as<isl::ast_node_if>();
      Out += spaces(Indent) + "if (" + Exprs.print(If.cond()) + ") {\n";
      print(If.then_node(), Indent + 2, Out, Stmt);
      if (If.has_else_node().is_true()) {
        Out += spaces(Indent) + "} else {\n";
        print(If.else_node(), Indent + 2, Out, Stmt);
      }
      Out += spaces(Indent) + "}\n";
      return;
    }
    case isl_ast_node_block: {
      isl::ast_node_list L = Node.as<isl::ast_node_block>().children();
      for (int I = 0, E = L.size().release(); I < E; ++I)
        print(L.at(I), Indent, Out, Stmt);
      return;
    }
    case isl_ast_node_mark:
      return print(Node.as<isl::ast_node_mark>().node(), Indent, Out, Stmt);
    case isl_ast_node_user: {
      isl::ast_expr_op Call =
          Node.as<isl::ast_node_user>().expr().as<isl::ast_expr_op>();
      std::vector<std::string> Subs;
      for (int K = 1, E = Call.n_arg().release(); K < E; ++K)
        Subs.push_back(Exprs.print(Call.arg(K)));
      Out += spaces(Indent) + Stmt(elementLvalue(Array, Subs, RowExtents, Member)) +
             "\n";
      return;
    }
    default:
      Out += spaces(Indent) + "/* hetile: unsupported isl AST node */\n";
    }
  }

private:
  CExprPrinter &Exprs;
  std::string Array;
  std::string Prefix;
  std::vector<std::string> RowExtents;
  std::string Member; ///< see elementLvalue
  unsigned Depth = 0;
};

} // namespace hetile

#endif
