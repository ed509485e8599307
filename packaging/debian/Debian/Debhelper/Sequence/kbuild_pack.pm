#!/usr/bin/perl
# debhelper sequence addon "kbuild-pack" (dh $@ --with kbuild_pack, or
# Build-Depends: dh-sequence-kbuild-pack): runs dh_kbuild_pack right after
# dh_auto_install, so the packed build tree is in place before dh_install,
# dh_strip and dh_fixperms see the package.
use strict;
use warnings;
use Debian::Debhelper::Dh_Lib;

insert_after('dh_auto_install', 'dh_kbuild_pack');

# dh_strip_nondeterminism has nothing to normalise in a packed tree (its
# mtimes are clamped already, it holds no archive) and took 10 of the 13
# minutes of a common part's job deciding so, file by file; Debian's own
# linux skips it for its headers too. Other files of the package are
# still its.
add_command_options('dh_strip_nondeterminism', '-X/usr/src/linux-', '-X/usr/lib/linux-kbuild-', '-X/lib/modules/');

1;
