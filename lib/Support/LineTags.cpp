//===- LineTags.cpp - Generated lines that copy source lines --------------===//

#include "hetile/Support/LineTags.h"

namespace hetile {

namespace {
const char TagStart = '\x1f';
} // namespace

void appendLineTag(std::string &Out, unsigned Offset, unsigned StmtLine) {
  Out += TagStart;
  Out += std::to_string(Offset) + "+" + std::to_string(StmtLine);
}

std::string tagLines(llvm::StringRef Text, unsigned Offset) {
  std::string Out;
  for (unsigned K = 0; !Text.empty(); ++K) {
    auto [Head, Rest] = Text.split('\n');
    bool HasNewline = Head.size() < Text.size();
    Out += Head;
    appendLineTag(Out, Offset, K);
    if (HasNewline)
      Out += '\n';
    Text = Rest;
  }
  return Out;
}

std::string stripLineTags(llvm::StringRef Text, std::vector<LineTag> *Tags) {
  std::string Out;
  Out.reserve(Text.size());
  unsigned Line = 0;
  while (!Text.empty()) {
    auto [Head, Rest] = Text.split('\n');
    bool HasNewline = Head.size() < Text.size();
    // The tag ends the line; a 0x1f of the source text (in a string literal)
    // comes before it, and one that is not followed by two numbers is text.
    size_t Tag = Head.rfind(TagStart);
    LineTag T;
    T.Line = Line;
    if (Tag != llvm::StringRef::npos) {
      auto [Offset, StmtLine] = Head.substr(Tag + 1).split('+');
      if (!Offset.getAsInteger(10, T.Offset) &&
          !StmtLine.getAsInteger(10, T.StmtLine)) {
        if (Tags)
          Tags->push_back(T);
        Head = Head.take_front(Tag);
      }
    }
    Out += Head;
    if (HasNewline)
      Out += '\n';
    ++Line;
    Text = Rest;
  }
  return Out;
}

} // namespace hetile
