//===- ReadAfter.h - Elements the rest of a function reads ------*- C++ -*-===//
//
// Which elements of an array the nest writes may be read by code outside
// the nest. The mpi backends move the nest's final values to every rank
// (or rank 0) so that the code after the nest runs unchanged; where that
// code can only read a few elements, only those need to move (#31: "where
// the array is local to the function and the rest of the function reads
// only some elements, only those move"): the last cell of a table that a
// dynamic-programming function allocates and returns, a temporary the
// function never reads again.
//
// An array gets such a set only when every reader is in sight, a
// conservative Clang-AST check:
//  - the array is a local variable of the nest's function (automatic
//    storage, not a parameter): a declared array, or a pointer initialised
//    by malloc, calloc or aligned_alloc and never assigned again;
//  - the nest lies in no loop and the function has no label (the nest runs
//    once per call, after which nothing of it is read again by itself);
//  - every use of the variable outside the nest is a whole element with as
//    many subscripts as the model's accesses (a read, or a plain `=` that
//    only writes it), a `sizeof`, or `free` of the pointer; any other use
//    (passing the array to a function, taking an address, copying the
//    pointer, a lambda) may let code read every element;
//  - the subscripts of each read are affine in the nest's parameters, which
//    the function only ever reads (so they hold the values the nest saw).
//
// A delinearized flat array with one row length has each read's flat
// subscript recorded as a polynomial (ArrayModel::FlatReadAfter), which the
// assembler splits into row and column (ScopAssembler, splitFlat). Arrays of
// structs and flat arrays of several row lengths keep every element.
//
//===----------------------------------------------------------------------===//
#ifndef HETILE_FRONTEND_READAFTER_H
#define HETILE_FRONTEND_READAFTER_H

#include "hetile/Frontend/NestModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <optional>

namespace hetile {

/// Sets ArrayModel::ReadAfter for the arrays of \p Model that \p Nest, in
/// \p Function, writes and whose readers outside the nest are all in sight.
void markReadAfter(clang::ASTContext &Ctx, const clang::FunctionDecl *Function,
                   const clang::Stmt *Nest, NestModel &Model);

/// Why \p Nest may run again in a call of \p Function, after which it
/// reads what it wrote before: a loop of the function around it, or a label
/// (a `goto` may jump back over it). Empty when it runs at most once per
/// call.
std::string runsAgain(clang::ASTContext &Ctx,
                      const clang::FunctionDecl *Function,
                      const clang::Stmt *Nest);

/// Why the final values of \p Nest must reach every rank even where the
/// user asks for rank 0 alone (--gather=root): after it, its function
/// calls a function that may carry what any rank holds to rank 0 (a
/// function of the program, whose nests run on every rank and send rank 0
/// what they compute; an MPI call that sends). The C library's output,
/// clocks and math, and MPI's queries and end do not. Empty when no such
/// call follows.
std::string passesOn(clang::ASTContext &Ctx,
                     const clang::FunctionDecl *Function,
                     const clang::Stmt *Nest);

/// The loop that runs right after a nest, every time the nest does, before
/// anything else can read or write what the nest wrote (nextNestAfter).
struct NextNest {
  /// The file offset of that `for`.
  unsigned Offset = ~0u;
  /// Where it runs at the next step of a loop around both (the nest ends
  /// the loop's body, that `for` begins it, maybe the nest itself): the
  /// file offset just past that loop, where whatever the nest left must
  /// move to every rank, and the loop's line. ~0u and 0 otherwise.
  unsigned LoopEnd = ~0u;
  unsigned LoopLine = 0;
};

/// The `for` that follows \p Nest in its block when every statement between
/// them touches no memory that a nest may touch and cannot leave the block
/// (local scalars and structs of scalars, copies between local pointers
/// that the function only reads or assigns, the C library's output and
/// clocks, functions of the file of the same kind). Where \p Nest ends the
/// body of a `for` or `while` loop whose condition and increment are of
/// that kind and whose body has no exit but its end or a `break`, the
/// first `for` of that body (after statements of that kind), at the next
/// step. None otherwise.
std::optional<NextNest> nextNestAfter(clang::ASTContext &Ctx,
                                      const clang::Stmt *Nest);

} // namespace hetile

#endif
