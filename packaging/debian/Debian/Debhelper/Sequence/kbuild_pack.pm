#!/usr/bin/perl
# debhelper sequence addon "kbuild-pack" (dh $@ --with kbuild_pack, or
# Build-Depends: dh-sequence-kbuild-pack): runs dh_kbuild_pack right after
# dh_auto_install, so the packed build tree is in place before dh_install,
# dh_strip and dh_fixperms see the package.
use strict;
use warnings;
use Debian::Debhelper::Dh_Lib;

insert_after('dh_auto_install', 'dh_kbuild_pack');

1;
