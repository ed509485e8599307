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
#   unproven      unproven-series-NAME: the policy for a series the
#                 manifests are not proven on (on a series whose old rules
#                 failed silently)
#   tsan          tsan-NAME.CASE: tests/tsan's ThreadSanitizer cases on a
#                 real tree (its split: the tree twice, under two names)
# dkms-deb=SUITE: the dkms package from SUITE instead of the series' own
# suite (scripts/debian-suite.sh --native). A second fixture of a series
# with the modpost or dkms-deb role (6.12's clang one) names its tests
# SERIES-FLAVOUR (kbp_role_tags). A role written opt-in:ROLE is
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
#   base          the one real kernel of the cli and packaging tests,
#                 cross-foreign-host-kbuild and audit-pack-sigterm/-sigkill
#                 (their scripts say "kbp_setup 6.1 obj"; CTest gives them
#                 the fixture builder in KBP_BASE_ENV)
#   no-modversions  the kernel has no CONFIG_MODVERSIONS (forky's): the boot
#                   that must refuse a module changes its vermagic, not a CRC
#   modpost         debian-modpost-SERIES-CASE: kbuild-modpost against the
#                   modpost Debian's kernel was prepared with (a suite's own
#                   toolchain: the host's only)
#   split-only      a second flavour of an architecture, for its Debian
#                   split alone (kbp_debian_split: several flavours in one
#                   job): no tests of its own, no boot (its kernel is the
#                   first flavour's with another config)
#
# The default tier builds one kernel here, 7.2's "full" O= one (DWARF,
# BTF, gendwarfksyms, extended modversions, module signing: what only a
# kernel built here proves), and gives each role to the fixtures that
# prove something new with it. Debian's own kernels are prepared, not
# built (one to four minutes, where a build here takes five to twelve):
# 6.1 amd64 (the base, O= and in-tree: both layouts and that series'
# pack and boot proofs), 6.1 cloud-amd64 and arm64 (the 6.1 Debian split),
# 6.12 amd64 and 7.2 amd64, each with its own config and image. Every
# other kernel built here is opt-in: 6.1's tiny O= and 5.10's in-tree
# kernels (which 6.1's Debian kernels stand in for), the other layouts and
# flavours of 6.1, 6.12, 7.2 and 5.10, the clang kernel, the cross
# kernels of the release architectures (arm64, riscv64, ppc64le, armhf,
# i386, s390x; 7.2 s390x with extended modversions, the one big-endian
# extended table) and the Rust kernel (tests/rust): the cold default run
# has to stay under 45 minutes (doc/measured.md).
macro(kbp_series_table)
  kbp_fixture(6.1:obj       opt-in pack-boot audit audit-pack modpost foreign-host)
  kbp_fixture(6.12:obj      opt-in pack-boot modpost foreign-host audit-pack)
  kbp_fixture(7.2:intree    opt-in pack-boot audit audit-pack)
  kbp_fixture(7.2:obj:full  default pack-boot audit audit-pack modpost foreign-host dkms-deb btf opt-in:tsan)
  kbp_fixture(5.10:intree   opt-in pack-boot modpost foreign-host dkms-deb audit-pack unproven)
  kbp_fixture(6.12:obj:clang opt-in pack-boot modpost audit-pack dkms-deb=forky)
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
  kbp_debian_fixture(6.1:x86_64:cloud-amd64 default split-only)
  kbp_debian_fixture(6.1:arm64:arm64   default)
  kbp_debian_fixture(7.2:x86_64:amd64 default no-modversions)
  kbp_split(7.2 tiny=7.2:intree full=7.2:obj:full arm64=7.2:arm64:full DKMS forky:vpoll-dkms)
  kbp_split(6.1 x86=6.1:obj arm64=6.1:arm64 PACKAGES)
  kbp_debian_split(6.1 6.1:x86_64:amd64 6.1:x86_64:cloud-amd64 6.1:arm64:arm64 DKMS opt-in FEATURESET 6.1:obj)
  kbp_debian_split(7.2 7.2:x86_64:amd64 DKMS default)
endmacro()

# kbp_split(SERIES NAME=ENTRY... [DKMS SUITE:PACKAGE] [PACKAGES]): tests/split's
#   split-SERIES, kbuild-pack split over the fixtures ENTRY (kbp_fixture or
#   kbp_cross_fixture entries of one source), each the tree NAME; each
#   tree's kernel boots its installed parts, and dkms builds SUITE's
#   PACKAGE against each x86_64 tree's parts (no DKMS: tests/modules'
#   kbp_user as a dkms module); PACKAGES: tests/packaging's rpm-/deb-
#   split-parts make packages of its parts. On when this run builds every
#   one of its fixtures.
# kbp_debian_split(SERIES ENTRY... DKMS TIER [FEATURESET ENTRY]): tests/
#   debian's debian-split-SERIES, Debian's own packaging jobs over the
#   Debian fixtures ENTRY (each a tree named by its flavour; the first
#   amd64); its dkms test in TIER; FEATURESET: a fixture built here as a
#   second featureset's tree, where this run builds it. On when this run
#   tests every one of its fixtures.
# -DKBP_KERNEL_MATRIX=... / -DKBP_BTF_MATRIX=... / -DKBP_CROSS_TARGETS=...
# set the lists of fixtures a run builds directly (same entry forms).
option(KBP_FULL_MATRIX "Also build and test the fixtures of the opt-in tier" OFF)

# The tests that repeat, on another tree or another way, a proof the
# default tier makes already: made in the full matrix only, so that the
# cold default run stays short (doc/measured.md). Whole test names, CMake
# regexes. This list and the tiers above are where a run's tests are
# decided; a test folder asks kbp_runs, never KBP_FULL_MATRIX.
set(_kbp_repeated_proofs
  # the modules pack-bundled-modpost finds byte-identical are the ones
  # boot-SERIES (and Debian's images, tests/debian) load
  "boot-bundled-modpost-.*" "debian-boot-bundled-modpost-.*"
  # a second, small dkms package of the kernel's own Debian release
  "debian-dkms-.*-vpoll-dkms"
  # the refusal of a tampered CRC: tests/kernel's boot-badcrc-SERIES
  "debian-split-.*[.]boot-bad(crc|vermagic)-.*"
  # a split's proofs that another split of the series makes
  "split-6[.]1[.](parts|reasons|boot-load-arm64|boot-badcrc-arm64)"
  "split-7[.]2[.](boot-load-full|boot-badcrc-full|dkms-tiny)"
  # the Rust fixture and its tests (a Debian 13 build root; or alone with
  # -DKBP_RUST_TESTS=ON)
  "fixture-7[.]2-obj-rust")
# kbp_runs(NAME OUT): OUT is true when this run makes the test NAME.
function(kbp_runs name out)
  set(_on TRUE)
  if(NOT KBP_FULL_MATRIX)
    foreach(_p IN LISTS _kbp_repeated_proofs)
      if(name MATCHES "^(${_p})$")
        set(_on FALSE)
      endif()
    endforeach()
  endif()
  set(${out} ${_on} PARENT_SCOPE)
endfunction()

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
  _kbp_role_values(${entry} _roles)
  list(APPEND _kbp_all_fixtures ${entry})
  if(_on AND NOT "btf-only" IN_LIST _roles)
    list(APPEND _kbp_matrix_kernel ${entry})
  endif()
  if(_on AND "btf" IN_LIST _roles)
    list(APPEND _kbp_matrix_btf ${entry})
  endif()
endmacro()
# _kbp_role_values(ENTRY ROLES-VAR): a role written ROLE=VALUE becomes ROLE
# in the list, its VALUE kbp_role_value's
macro(_kbp_role_values entry var)
  set(_rv "")
  foreach(_r IN LISTS ${var})
    if(_r MATCHES "^([a-z-]+)=(.+)$")
      set(_kbp_role_value_${entry}_${CMAKE_MATCH_1} ${CMAKE_MATCH_2})
      list(APPEND _rv ${CMAKE_MATCH_1})
    else()
      list(APPEND _rv ${_r})
    endif()
  endforeach()
  set(${var} ${_rv})
  set(_kbp_roles_${entry} ${_rv})
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
macro(kbp_split series)
  cmake_parse_arguments(_sp "PACKAGES" "DKMS" "" ${ARGN})
  list(APPEND _kbp_splits ${series})
  set(_kbp_split_trees_${series} ${_sp_UNPARSED_ARGUMENTS})
  set(_kbp_split_dkms_${series} "${_sp_DKMS}")
  set(_kbp_split_packages_${series} ${_sp_PACKAGES})
endmacro()
macro(kbp_debian_split series)
  cmake_parse_arguments(_sp "" "DKMS;FEATURESET" "" ${ARGN})
  list(APPEND _kbp_debian_splits ${series})
  set(_kbp_debian_split_trees_${series} ${_sp_UNPARSED_ARGUMENTS})
  set(_kbp_debian_split_dkms_${series} ${_sp_DKMS})
  set(_kbp_debian_split_featureset_${series} "${_sp_FEATURESET}")
endmacro()
set(_kbp_splits "")
set(_kbp_debian_splits "")
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

# _kbp_entry_fields(ENTRY PREFIX WANT FIELD...): splits ENTRY at its colons
# into PREFIX_FIELD for each FIELD in turn, the last of which may be left
# out (empty then), or fails saying WANT.
function(_kbp_entry_fields entry prefix want)
  string(REPLACE ":" ";" _l "${entry}")
  list(LENGTH _l _n)
  list(LENGTH ARGN _max)
  math(EXPR _last "${_max} - 1")
  if(_n LESS _last OR _n GREATER _max)
    message(FATAL_ERROR "${want}")
  endif()
  foreach(_i RANGE ${_last})
    list(GET ARGN ${_i} _field)
    set(_v "")
    if(_i LESS _n)
      list(GET _l ${_i} _v)
    endif()
    set(${prefix}_${_field} "${_v}" PARENT_SCOPE)
  endforeach()
endfunction()

# kbp_matrix_entry(ENTRY PREFIX): splits SERIES:LAYOUT[:FLAVOUR] into
# PREFIX_series, PREFIX_layout, PREFIX_flavour (may be empty) and
# PREFIX_name = SERIES-LAYOUT[-FLAVOUR], the suffix of the fixture's names
# (its setup fixture is kernel-fixture-NAME, cross-fixture-NAME for a cross
# entry, whose LAYOUT is the ARCH).
function(kbp_matrix_entry entry prefix)
  _kbp_entry_fields("${entry}" _e "fixture entry '${entry}': want SERIES:LAYOUT[:FLAVOUR]" series layout flavour)
  set(_name "${_e_series}-${_e_layout}")
  if(_e_flavour)
    string(APPEND _name "-${_e_flavour}")
  endif()
  foreach(_f series layout flavour)
    set(${prefix}_${_f} "${_e_${_f}}" PARENT_SCOPE)
  endforeach()
  set(${prefix}_name "${_name}" PARENT_SCOPE)
endfunction()

# kbp_debian_entry(ENTRY PREFIX): splits SERIES:ARCH:FLAVOUR[:LAYOUT] into
# PREFIX_series, PREFIX_arch, PREFIX_flavour, PREFIX_layout (obj when not
# given) and PREFIX_name = SERIES-FLAVOUR[-LAYOUT], the suffix of its tests'
# names (its setup fixture is debian-fixture-NAME).
function(kbp_debian_entry entry prefix)
  _kbp_entry_fields("${entry}" _e "Debian fixture entry '${entry}': want SERIES:ARCH:FLAVOUR[:intree]"
                    series arch flavour layout)
  set(_name "${_e_series}-${_e_flavour}")
  if(_e_layout)
    string(APPEND _name "-${_e_layout}")
  else()
    set(_e_layout obj)
  endif()
  foreach(_f series arch flavour layout)
    set(${prefix}_${_f} "${_e_${_f}}" PARENT_SCOPE)
  endforeach()
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

# _kbp_split_result(): what kbp_split_of and kbp_debian_split_of give
# alike, from their _on, _need and _trees (a macro: it sets their
# PARENT_SCOPE)
macro(_kbp_split_result)
  string(REPLACE ";" " " _t "${_trees}")
  set(${prefix}_on ${_on} PARENT_SCOPE)
  set(${prefix}_need ${_need} PARENT_SCOPE)
  set(${prefix}_trees ${_trees} PARENT_SCOPE)
  set(${prefix}_env "KBP_SPLIT_SERIES=${series}" "KBP_SPLIT_TREES=${_t}" PARENT_SCOPE)
endmacro()

# kbp_split_of(SERIES PREFIX): tests/split's split of SERIES in this run:
# PREFIX_on (every fixture built by this run), PREFIX_need (their setup
# fixtures), PREFIX_trees (one NAME:LAYOUT:ARCH:FLAVOUR each, FLAVOUR "-"
# for none: KBP_SPLIT_TREES, which tests/split/lib-split.sh reads),
# PREFIX_env (KBP_SPLIT_SERIES and KBP_SPLIT_TREES), PREFIX_dkms
# (SUITE:PACKAGE or empty), PREFIX_packages.
function(kbp_split_of series prefix)
  set(_on TRUE)
  set(_need "")
  set(_trees "")
  foreach(t IN LISTS _kbp_split_trees_${series})
    string(REGEX MATCH "^([a-z0-9]+)=(.+)$" _m "${t}")
    if(NOT _m)
      message(FATAL_ERROR "tests/series.cmake: split tree '${t}': want NAME=ENTRY")
    endif()
    set(_n ${CMAKE_MATCH_1})
    set(_e ${CMAKE_MATCH_2})
    kbp_matrix_entry(${_e} _k)
    set(_f ${_k_flavour})
    if(NOT _f)
      set(_f -)
    endif()
    if(_k_layout MATCHES "^(obj|intree)$")
      list(APPEND _need kernel-fixture-${_k_name})
      list(APPEND _trees ${_n}:${_k_layout}:x86_64:${_f})
      if(NOT _e IN_LIST KBP_KERNEL_MATRIX)
        set(_on FALSE)
      endif()
    else()
      list(APPEND _need cross-fixture-${_k_name})
      list(APPEND _trees ${_n}:obj:${_k_layout}:${_f})
      if(NOT _e IN_LIST KBP_CROSS_TARGETS)
        set(_on FALSE)
      endif()
    endif()
  endforeach()
  _kbp_split_result()
  set(${prefix}_dkms "${_kbp_split_dkms_${series}}" PARENT_SCOPE)
  set(${prefix}_packages "${_kbp_split_packages_${series}}" PARENT_SCOPE)
endfunction()

# kbp_debian_split_of(SERIES PREFIX): tests/debian's split of SERIES in this
# run: PREFIX_on, PREFIX_need, PREFIX_trees, PREFIX_env as kbp_split_of's
# (the trees named by their flavours), PREFIX_boots (those of PREFIX_trees
# whose kernels boot: not split-only), PREFIX_dkms (the dkms test's tier),
# PREFIX_featureset (the featureset tree's setup fixture, where this run
# builds it), PREFIX_refuse (the refused boot: badvermagic where a tree has
# the no-modversions role, else badcrc).
function(kbp_debian_split_of series prefix)
  set(_on TRUE)
  set(_need "")
  set(_trees "")
  set(_boots "")
  set(_refuse badcrc)
  foreach(e IN LISTS _kbp_debian_split_trees_${series})
    kbp_debian_entry(${e} _d)
    list(APPEND _need debian-fixture-${_d_name})
    list(APPEND _trees ${_d_flavour}:${_d_layout}:${_d_arch}:${_d_flavour})
    if(NOT "split-only" IN_LIST _kbp_debian_roles_${e})
      list(APPEND _boots ${_d_flavour}:${_d_layout}:${_d_arch}:${_d_flavour})
    endif()
    if(NOT e IN_LIST KBP_DEBIAN_MATRIX)
      set(_on FALSE)
    endif()
    if("no-modversions" IN_LIST _kbp_debian_roles_${e})
      set(_refuse badvermagic)
    endif()
  endforeach()
  set(_fs "")
  set(_fe "${_kbp_debian_split_featureset_${series}}")
  if(_fe AND _fe IN_LIST KBP_KERNEL_MATRIX)
    kbp_matrix_entry(${_fe} _k)
    set(_fs kernel-fixture-${_k_name})
  endif()
  _kbp_split_result()
  set(${prefix}_boots "${_boots}" PARENT_SCOPE)
  set(${prefix}_dkms "${_kbp_debian_split_dkms_${series}}" PARENT_SCOPE)
  set(${prefix}_featureset "${_fs}" PARENT_SCOPE)
  set(${prefix}_refuse ${_refuse} PARENT_SCOPE)
endfunction()

# kbp_role_value(ENTRY ROLE OUT): the VALUE of ENTRY's ROLE=VALUE, or empty
function(kbp_role_value entry role out)
  set(${out} "${_kbp_role_value_${entry}_${role}}" PARENT_SCOPE)
endfunction()

# kbp_role_tags(PREFIX ENTRY...): the name each ENTRY (of one role) gives
# its tests, in PREFIX_<ENTRY>: its series, or SERIES-FLAVOUR for a second
# fixture of a series
function(kbp_role_tags prefix)
  set(_seen "")
  foreach(e IN LISTS ARGN)
    kbp_matrix_entry(${e} _k)
    set(_tag ${_k_series})
    if(_k_series IN_LIST _seen)
      set(_tag ${_k_series}-${_k_flavour})
    endif()
    list(APPEND _seen ${_k_series})
    set(${prefix}_${e} ${_tag} PARENT_SCOPE)
  endforeach()
endfunction()
