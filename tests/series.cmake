# The fixture kernels, one line each: the one list of series, layouts and
# flavours every test folder reads (doc/HACKING.md, "How to add a kernel
# series"). Built once each by tests/fixture/fixture.sh and cached (4-10
# minutes each on 2 cores): a new default line makes the cold CI slower.
#
# kbp_fixture(SERIES:LAYOUT[:FLAVOUR] TIER [ROLE...]): an x86_64 fixture.
#   TIER default (CI) or opt-in (-DKBP_FULL_MATRIX=ON). ROLEs: what the
#   fixture is the reference for:
#   pack-boot     tests/kernel's pack-, boot-, boot-badcrc-, installed-tree-
#                 NAME and pack-bundled-modpost-SERIES[-FLAVOUR]
#   audit         audit-NAME: audit of a module build (one per layout/flavour)
#   audit-pack    audit-pack-NAME, audit-nosrc-NAME: audit --pack with its
#                 exact per-rule output, and audit without --src/--obj
#   modpost       modpost-SERIES-CASE: kbuild-modpost against the series'
#                 own modpost (one fixture per series)
#   foreign-host  cross-foreign-host-SERIES[-FLAVOUR]: packed for an arm64 host
#   dkms-deb      packaging.dkms-deb-SERIES: a real Debian *-dkms package
#   btf           btf-pack-NAME, btf-boot-NAME (module BTF)
#   btf-only      a fixture only tests/btf uses (not in KBP_KERNEL_MATRIX)
# A second fixture of a series with the modpost role (6.12's
# clang one) names its tests SERIES-FLAVOUR. A role written opt-in:ROLE is
# the fixture's only in the full matrix (-DKBP_FULL_MATRIX=ON): the default
# tier runs each role's tests on the fixtures that prove something new.
# kbp_cross_fixture(SERIES:ARCH[:FLAVOUR] TIER): a cross-built fixture
#   (tests/cross: cross-build/-target/-boot, cross modpost, audit-pack-cross).
# kbp_debian_fixture(SERIES:ARCH:DEBIAN-FLAVOUR[:intree] TIER [ROLE...]):
#   Debian's own kernel of the version of its linux-source-SERIES, from
#   Debian's archive (:intree: prepared in the source tree, as Fedora and
#   Arch build, for the in-tree layout's pack and boots):
#   its config, .kernelvariables and Module.symvers, prepared, not built
#   (a suite other than the host's: in a build root of that suite), and its
#   image and modules (tests/fixture/debian-fixture.sh; tests/debian). ROLEs:
#   base          the one real kernel of the cli, ship and packaging tests,
#                 cross-foreign-host-kbuild and audit-pack-sigterm/-sigkill
#                 (their scripts say "kbp_setup 6.1 obj"; CTest gives them
#                 the fixture builder in KBP_BASE_ENV)
#   no-modversions  the kernel has no CONFIG_MODVERSIONS (forky's): the boot
#                   that must refuse a module changes its vermagic, not a CRC
#   modpost         debian-modpost-SERIES-CASE: kbuild-modpost against the
#                   modpost Debian's kernel was prepared with (a suite's own
#                   toolchain: the host's only)
#
# The default tier builds one fixture per thing only it proves, and gives
# each role to the fixtures that prove something new with it: 6.1's tiny
# O= kernel (the base: the fastest tree for the many tests that pack one;
# its pack and boot proofs are Debian's 6.1's), 7.2's "full" O= kernel
# (DWARF, BTF, gendwarfksyms, extended modversions, module signing) and
# 5.10's in-tree one (the oldest series, and the in-tree layout). Debian's
# own 6.1 (amd64, and arm64 cross-prepared), 6.12 and 7.2 are prepared, not
# built (one to four minutes, where a build here takes five to twelve),
# and prove every series a distribution ships with its own config and
# image. The kernels built here for 6.12, 7.2 in-tree and 7.2 arm64 (with
# the 7.2 split), the clang kernel, 6.1's arm64 kernel (with the 6.1 split
# and its packaging tests), the Rust kernel (tests/rust) and the other
# release architectures (6.12 for ppc64le, armhf, i386 and s390x; riscv64
# on 6.1; 7.2 s390x with extended modversions, the one big-endian
# extended table) are opt-in: the cold default run has to stay under 45
# minutes (doc/measured.md).
macro(kbp_series_table)
  kbp_fixture(6.1:obj       opt-in pack-boot audit audit-pack modpost foreign-host)
  kbp_fixture(6.12:obj      opt-in pack-boot modpost foreign-host audit-pack)
  kbp_fixture(7.2:intree    opt-in pack-boot audit audit-pack)
  kbp_fixture(7.2:obj:full  default pack-boot audit audit-pack modpost foreign-host dkms-deb btf)
  kbp_fixture(5.10:intree   opt-in pack-boot modpost foreign-host dkms-deb audit-pack)
  kbp_fixture(6.12:obj:clang opt-in pack-boot modpost audit-pack)
  kbp_fixture(6.1:intree    opt-in pack-boot audit-pack)
  kbp_fixture(6.12:intree   opt-in pack-boot audit-pack)
  kbp_fixture(7.2:obj       opt-in pack-boot audit-pack)
  kbp_fixture(6.1:obj:btf   opt-in btf btf-only)
  kbp_fixture(5.10:obj      opt-in pack-boot audit-pack)
  kbp_cross_fixture(6.1:arm64      opt-in)
  kbp_cross_fixture(7.2:arm64:full opt-in)
  kbp_cross_fixture(6.1:riscv      opt-in)
  kbp_cross_fixture(6.12:powerpc   opt-in)
  kbp_cross_fixture(6.12:arm       opt-in)
  kbp_cross_fixture(6.12:i386      opt-in)
  kbp_cross_fixture(6.12:s390      opt-in)
  kbp_cross_fixture(7.2:s390:extmodversions opt-in)
  kbp_cross_fixture(5.10:arm64     opt-in)
  kbp_debian_fixture(6.12:x86_64:amd64 default modpost)
  kbp_debian_fixture(6.1:x86_64:amd64 default base modpost)
  kbp_debian_fixture(6.1:x86_64:amd64:intree default)
  kbp_debian_fixture(6.1:arm64:arm64   default)
  kbp_debian_fixture(7.2:x86_64:amd64 default no-modversions)
endmacro()

# -DKBP_KERNEL_MATRIX=... / -DKBP_BTF_MATRIX=... / -DKBP_CROSS_TARGETS=...
# set the lists of fixtures a run builds directly (same entry forms).
option(KBP_FULL_MATRIX "Also build and test the fixtures of the opt-in tier" OFF)

set(_kbp_all_fixtures "")
set(_kbp_all_debian "")
set(_kbp_matrix_debian "")
set(_kbp_matrix_kernel "")
set(_kbp_matrix_btf "")
set(_kbp_matrix_cross "")
function(_kbp_tier_on tier out)
  if(tier STREQUAL "default" OR (tier STREQUAL "opt-in" AND KBP_FULL_MATRIX))
    set(${out} TRUE PARENT_SCOPE)
  elseif(tier STREQUAL "opt-in")
    set(${out} FALSE PARENT_SCOPE)
  else()
    message(FATAL_ERROR "tests/series.cmake: tier '${tier}': want default or opt-in")
  endif()
endfunction()
# _kbp_roles_in_tier(OUT ROLE...): the ROLEs this run gives a fixture:
# opt-in:ROLE as ROLE in the full matrix only
function(_kbp_roles_in_tier out)
  set(_r "")
  foreach(role IN LISTS ARGN)
    if(role MATCHES "^opt-in:(.+)$")
      if(KBP_FULL_MATRIX)
        list(APPEND _r ${CMAKE_MATCH_1})
      endif()
    else()
      list(APPEND _r ${role})
    endif()
  endforeach()
  set(${out} ${_r} PARENT_SCOPE)
endfunction()
macro(kbp_fixture entry tier)
  _kbp_tier_on(${tier} _on)
  _kbp_roles_in_tier(_roles ${ARGN})
  set(_kbp_roles_${entry} ${_roles})
  list(APPEND _kbp_all_fixtures ${entry})
  if(_on AND NOT "btf-only" IN_LIST _roles)
    list(APPEND _kbp_matrix_kernel ${entry})
  endif()
  if(_on AND "btf" IN_LIST _roles)
    list(APPEND _kbp_matrix_btf ${entry})
  endif()
endmacro()
macro(kbp_cross_fixture entry tier)
  _kbp_tier_on(${tier} _on)
  if(_on)
    list(APPEND _kbp_matrix_cross ${entry})
  endif()
endmacro()
macro(kbp_debian_fixture entry tier)
  _kbp_tier_on(${tier} _on)
  set(_kbp_debian_roles_${entry} ${ARGN})
  list(APPEND _kbp_all_debian ${entry})
  if(_on)
    list(APPEND _kbp_matrix_debian ${entry})
  endif()
endmacro()
kbp_series_table()
# -DKBP_DEBIAN_MATRIX=... sets the Debian kernels a run tests.
if(NOT DEFINED KBP_DEBIAN_MATRIX)
  set(KBP_DEBIAN_MATRIX ${_kbp_matrix_debian})
endif()
foreach(_m KERNEL BTF)
  string(TOLOWER "${_m}" _l)
  if(NOT KBP_${_m}_MATRIX)
    set(KBP_${_m}_MATRIX ${_kbp_matrix_${_l}})
  endif()
endforeach()
if(NOT KBP_CROSS_TARGETS)
  set(KBP_CROSS_TARGETS ${_kbp_matrix_cross})
endif()

# _kbp_with_role(ROLE ALL ROLES-PREFIX MATRIX OUT): the entries of the list
# ALL whose roles (ROLES-PREFIX<entry>) hold ROLE and that are in MATRIX.
function(_kbp_with_role role all prefix matrix out)
  set(_r "")
  foreach(e IN LISTS ${all})
    if(role IN_LIST ${prefix}${e} AND e IN_LIST ${matrix})
      list(APPEND _r ${e})
    endif()
  endforeach()
  set(${out} ${_r} PARENT_SCOPE)
endfunction()

# kbp_fixtures_for(ROLE OUT): the fixtures of the table with ROLE that this
# run builds (in KBP_KERNEL_MATRIX; for btf roles, KBP_BTF_MATRIX), in the
# table's order.
function(kbp_fixtures_for role out)
  set(_matrix KBP_KERNEL_MATRIX)
  if(role MATCHES "^btf")
    set(_matrix KBP_BTF_MATRIX)
  endif()
  _kbp_with_role(${role} _kbp_all_fixtures _kbp_roles_ ${_matrix} _r)
  set(${out} ${_r} PARENT_SCOPE)
endfunction()

# kbp_debian_fixtures_for(ROLE OUT): the Debian fixtures with ROLE that this
# run tests (in KBP_DEBIAN_MATRIX), in the table's order.
function(kbp_debian_fixtures_for role out)
  _kbp_with_role(${role} _kbp_all_debian _kbp_debian_roles_ KBP_DEBIAN_MATRIX _r)
  set(${out} ${_r} PARENT_SCOPE)
endfunction()

# kbp_matrix_entry(ENTRY PREFIX): splits SERIES:LAYOUT[:FLAVOUR] into
# PREFIX_series, PREFIX_layout, PREFIX_flavour (may be empty) and
# PREFIX_name = SERIES-LAYOUT[-FLAVOUR], the suffix of the fixture's names
# (its setup fixture is kernel-fixture-NAME, cross-fixture-NAME for a cross
# entry, whose LAYOUT is the ARCH).
function(kbp_matrix_entry entry prefix)
  string(REPLACE ":" ";" _l "${entry}")
  list(LENGTH _l _n)
  if(_n LESS 2 OR _n GREATER 3)
    message(FATAL_ERROR "fixture entry '${entry}': want SERIES:LAYOUT[:FLAVOUR]")
  endif()
  list(GET _l 0 _s)
  list(GET _l 1 _lay)
  set(_f "")
  if(_n EQUAL 3)
    list(GET _l 2 _f)
  endif()
  set(_name "${_s}-${_lay}")
  if(_f)
    string(APPEND _name "-${_f}")
  endif()
  set(${prefix}_series "${_s}" PARENT_SCOPE)
  set(${prefix}_layout "${_lay}" PARENT_SCOPE)
  set(${prefix}_flavour "${_f}" PARENT_SCOPE)
  set(${prefix}_name "${_name}" PARENT_SCOPE)
endfunction()

# kbp_debian_entry(ENTRY PREFIX): splits SERIES:ARCH:FLAVOUR[:LAYOUT] into
# PREFIX_series, PREFIX_arch, PREFIX_flavour, PREFIX_layout (obj when not
# given) and PREFIX_name = SERIES-FLAVOUR[-LAYOUT], the suffix of its tests'
# names (its setup fixture is debian-fixture-NAME).
function(kbp_debian_entry entry prefix)
  string(REPLACE ":" ";" _l "${entry}")
  list(LENGTH _l _n)
  if(_n LESS 3 OR _n GREATER 4)
    message(FATAL_ERROR "Debian fixture entry '${entry}': want SERIES:ARCH:FLAVOUR[:intree]")
  endif()
  list(GET _l 0 _s)
  list(GET _l 1 _a)
  list(GET _l 2 _f)
  set(_lay obj)
  set(_name "${_s}-${_f}")
  if(_n EQUAL 4)
    list(GET _l 3 _lay)
    string(APPEND _name "-${_lay}")
  endif()
  set(${prefix}_series "${_s}" PARENT_SCOPE)
  set(${prefix}_arch "${_a}" PARENT_SCOPE)
  set(${prefix}_flavour "${_f}" PARENT_SCOPE)
  set(${prefix}_layout "${_lay}" PARENT_SCOPE)
  set(${prefix}_name "${_name}" PARENT_SCOPE)
endfunction()

# The base fixture (the Debian fixture with role base): KBP_BASE_SERIES and
# KBP_BASE_FLAVOUR, its series and flavour; KBP_BASE_FIXTURE, its setup fixture (debian-fixture-SERIES-FLAVOUR),
# which its tests require; KBP_BASE_ENV, the environment that has their
# "kbp_setup SERIES obj" open it (tests/kernel/lib.sh); KBP_BASE_ON, whether
# this run tests it (in KBP_DEBIAN_MATRIX).
set(KBP_BASE_ON FALSE)
foreach(_e IN LISTS _kbp_all_debian)
  if("base" IN_LIST _kbp_debian_roles_${_e})
    kbp_debian_entry(${_e} _b)
    set(KBP_BASE_SERIES ${_b_series})
    set(KBP_BASE_FLAVOUR ${_b_flavour})
    set(KBP_BASE_FIXTURE debian-fixture-${_b_name})
    set(KBP_BASE_ENV "KBP_FIXTURE_SH=${CMAKE_CURRENT_LIST_DIR}/fixture/debian-fixture.sh"
                     "KBP_FIXTURE_FLAVOUR=${KBP_BASE_FLAVOUR}" "KBP_BOOT_MEM=1024")
    if(_e IN_LIST KBP_DEBIAN_MATRIX)
      set(KBP_BASE_ON TRUE)
    endif()
  endif()
endforeach()
