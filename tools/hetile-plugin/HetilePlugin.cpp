//===- HetilePlugin.cpp - The Clang plugin: registration only -------------===//
//
//   clang-19 -fplugin=libHetilePlugin.so [-fplugin-arg-hetile-<arg>...] ...
//
// The work is in the library (hetile/Plugin/PluginAction.h); this file only
// puts the action in clang's plugin registry under the name "hetile".
//
//===----------------------------------------------------------------------===//

#include "hetile/Plugin/PluginAction.h"

#include "clang/Frontend/FrontendPluginRegistry.h"

static clang::FrontendPluginRegistry::Add<hetile::HetilePluginAction>
    Registration(hetile::PluginName,
                 "tile the loop nests marked with #pragma hetile");
