//===- BlockSchedule.cpp - One processor's tiles, block by block ----------===//

#include "BlockSchedule.h"

namespace hetile {

llvm::Error
printBlockSchedule(const NestEmitter &E, const BlockSchedule &P,
                   unsigned Indent, std::string &Out,
                   llvm::function_ref<llvm::Error(unsigned, std::string &)> Tile) {
  const TiledNest &N = E.N;
  bool Pipelined = !P.Wait.empty() || !P.Post.empty();
  Out += spaces(Indent) + P.BlockLoop + (Pipelined ? " {\n" : "\n");
  unsigned I = Indent + 2;
  if (Pipelined)
    Out += spaces(I) + "long hetile_row = 0;\n";
  if (!P.Marker.empty())
    Out += spaces(I) + P.Marker + "\n";
  for (unsigned M = 0; M < N.Dims.size(); ++M) {
    if (M == N.ColumnDim)
      continue;
    const TileDim &D = N.Dims[M];
    Out += forHeader(I, "long " + D.Origin + " = " + P.RowStart[M],
                     D.Origin + " <= " + P.RowUpper[M],
                     D.Origin + " += " + D.Size) + "\n";
    I += 2;
  }
  unsigned RowIndent = I;
  if (Pipelined) {
    Out += spaces(I) + "{\n" + indentBy(P.Wait, I + 2);
    I += 2;
  }
  const TileDim &Col = N.Dims[N.ColumnDim];
  unsigned Body = I + 2;
  if (P.CountColumns) {
    Out += spaces(I) +
           "for (long hetile_col = hetile_first; hetile_col <= hetile_last; "
           "hetile_col++) {\n" +
           spaces(Body) + "const long " + Col.Origin +
           " = hetile_col0 + hetile_col * " + Col.Size + ";\n";
  } else {
    Out += forHeader(I,
                     "long " + Col.Origin + " = hetile_col0 + hetile_first * " +
                         Col.Size,
                     Col.Origin + " <= hetile_col0 + hetile_last * " + Col.Size,
                     Col.Origin + " += " + Col.Size) +
           " {\n";
  }
  if (auto Err = Tile(Body, Out))
    return Err;
  Out += spaces(I) + "}\n";
  if (Pipelined)
    Out += indentBy(P.Post, I) + spaces(I) + "hetile_row++;\n" +
           spaces(RowIndent) + "}\n" + spaces(Indent) + "}\n";
  return llvm::Error::success();
}

} // namespace hetile
