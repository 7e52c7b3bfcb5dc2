# CMake package configuration of the halma C library, installed by
# `cargo cinstall -p halma-ffi` (crates/ffi/Cargo.toml) into
# <prefix>/share/halma/cmake/. Relocatable: everything is found relative to
# this file, so the prefix may be moved or packaged with DESTDIR.
#
#   find_package(halma CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE halma::halma)          # libhalma.so
#   target_link_libraries(app PRIVATE halma::halma_static)   # libhalma.a
#
# Both targets carry the include directory: `#include <halma/halma.h>` (or
# <halma/halma.hpp> for the C++17 wrapper).

cmake_minimum_required(VERSION 3.16)

# <prefix>/share/halma/cmake -> <prefix>
get_filename_component(_halma_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

set(_halma_include_dir "${_halma_prefix}/include")
if(NOT EXISTS "${_halma_include_dir}/halma/halma.h")
  set(${CMAKE_FIND_PACKAGE_NAME}_FOUND FALSE)
  set(${CMAKE_FIND_PACKAGE_NAME}_NOT_FOUND_MESSAGE
      "halma: ${_halma_include_dir}/halma/halma.h is missing (install with cargo cinstall)")
  return()
endif()

# cargo cinstall --libdir may be lib, lib64 or lib/<multiarch>.
set(_halma_lib_suffixes lib lib64)
if(CMAKE_LIBRARY_ARCHITECTURE)
  list(PREPEND _halma_lib_suffixes "lib/${CMAKE_LIBRARY_ARCHITECTURE}")
endif()
find_library(HALMA_SHARED_LIBRARY
  NAMES "${CMAKE_SHARED_LIBRARY_PREFIX}halma${CMAKE_SHARED_LIBRARY_SUFFIX}"
  PATHS "${_halma_prefix}" PATH_SUFFIXES ${_halma_lib_suffixes}
  NO_DEFAULT_PATH)
find_library(HALMA_STATIC_LIBRARY
  NAMES "${CMAKE_STATIC_LIBRARY_PREFIX}halma${CMAKE_STATIC_LIBRARY_SUFFIX}"
  PATHS "${_halma_prefix}" PATH_SUFFIXES ${_halma_lib_suffixes}
  NO_DEFAULT_PATH)
mark_as_advanced(HALMA_SHARED_LIBRARY HALMA_STATIC_LIBRARY)

if(NOT HALMA_SHARED_LIBRARY AND NOT HALMA_STATIC_LIBRARY)
  set(${CMAKE_FIND_PACKAGE_NAME}_FOUND FALSE)
  set(${CMAKE_FIND_PACKAGE_NAME}_NOT_FOUND_MESSAGE
      "halma: no libhalma under ${_halma_prefix}/{lib,lib64,lib/<arch>}")
  return()
endif()

if(HALMA_SHARED_LIBRARY AND NOT TARGET halma::halma)
  add_library(halma::halma SHARED IMPORTED)
  set_target_properties(halma::halma PROPERTIES
    IMPORTED_LOCATION "${HALMA_SHARED_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${_halma_include_dir};${_halma_include_dir}/halma")
endif()

if(HALMA_STATIC_LIBRARY AND NOT TARGET halma::halma_static)
  # A Rust static library needs the system libraries of its standard library
  # (the Libs.private line of halma.pc).
  include(CMakeFindDependencyMacro)
  set(THREADS_PREFER_PTHREAD_FLAG ON)
  find_dependency(Threads)
  add_library(halma::halma_static STATIC IMPORTED)
  set(_halma_static_deps Threads::Threads ${CMAKE_DL_LIBS})
  if(UNIX AND NOT APPLE)
    list(APPEND _halma_static_deps m rt util)
  endif()
  set_target_properties(halma::halma_static PROPERTIES
    IMPORTED_LOCATION "${HALMA_STATIC_LIBRARY}"
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_INCLUDE_DIRECTORIES "${_halma_include_dir};${_halma_include_dir}/halma"
    INTERFACE_LINK_LIBRARIES "${_halma_static_deps}")
endif()

# Only the static library installed (cargo cinstall --library-type staticlib):
# halma::halma is the static one, so that the documented target always exists.
if(NOT TARGET halma::halma)
  add_library(halma::halma INTERFACE IMPORTED)
  set_target_properties(halma::halma PROPERTIES
    INTERFACE_LINK_LIBRARIES halma::halma_static)
endif()

set(${CMAKE_FIND_PACKAGE_NAME}_FOUND TRUE)
unset(_halma_prefix)
unset(_halma_include_dir)
unset(_halma_lib_suffixes)
unset(_halma_static_deps)
