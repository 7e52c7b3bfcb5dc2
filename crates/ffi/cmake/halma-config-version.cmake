# Version check for find_package(halma <version> CONFIG), installed beside
# halma-config.cmake. The version is read from the installed header's
# HALMA_VERSION_* defines, so that it can never disagree with the library.
#
# Compatibility follows the ABI policy of docs/ffi.md: from 1.0 the same
# major version and at least the requested minor; before 1.0 the same minor
# (0.MINOR is the ABI version, as in the SONAME libhalma.so.0.MINOR).

get_filename_component(_halma_header
  "${CMAKE_CURRENT_LIST_DIR}/../../../include/halma/halma.h" ABSOLUTE)
set(PACKAGE_VERSION "0.0.0")
if(EXISTS "${_halma_header}")
  file(STRINGS "${_halma_header}" _halma_defines
       REGEX "^#define HALMA_VERSION_(MAJOR|MINOR|PATCH) [0-9]+$")
  foreach(_part MAJOR MINOR PATCH)
    string(REGEX REPLACE ".*#define HALMA_VERSION_${_part} ([0-9]+).*" "\\1"
           _halma_${_part} "${_halma_defines}")
  endforeach()
  set(PACKAGE_VERSION "${_halma_MAJOR}.${_halma_MINOR}.${_halma_PATCH}")
else()
  set(PACKAGE_VERSION_UNSUITABLE TRUE)
  return()
endif()

set(PACKAGE_VERSION_COMPATIBLE FALSE)
if(NOT PACKAGE_FIND_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
elseif(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  # Older than asked for.
elseif(_halma_MAJOR EQUAL 0)
  if(PACKAGE_FIND_VERSION_MAJOR EQUAL 0 AND PACKAGE_FIND_VERSION_MINOR EQUAL _halma_MINOR)
    set(PACKAGE_VERSION_COMPATIBLE TRUE)
  endif()
elseif(PACKAGE_FIND_VERSION_MAJOR EQUAL _halma_MAJOR)
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
endif()
if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
  set(PACKAGE_VERSION_EXACT TRUE)
endif()
unset(_halma_header)
unset(_halma_defines)
