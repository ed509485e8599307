#!/usr/bin/perl
# compare.pl TABLE PACKED FLAVOUR COMMON KBUILD (tests/debian/compare-test.sh):
# the paths (files and links) of the pack PACKED against those of Debian's
# packages as they install (FLAVOUR, then COMMON, then KBUILD: the first
# that has a path is Debian's file), each difference matched against the
# lines "SIDE PATTERN REASON" of TABLE: SIDE debian (only Debian's
# packages), ours (only the pack), differs (both, other bytes); PATTERN as
# in the manifests ("*", "?" within a name, "**" across "/"). Prints "ok:"
# and "FAIL:" lines and the figures to stderr; exits with the number of
# failures (at most 100).
use strict;
use warnings;
use File::Find;
use File::Basename;

my ($table, $packed, @debian_dirs) = @ARGV;
my $name = basename($table);
my $fails = 0;
sub ok   { print STDERR "ok: $_[0]\n"; }
sub fail { print STDERR "FAIL: $_[0]\n"; $fails++; }

# every file and link below a directory, relative
sub listing {
	my ($top) = @_;
	my %paths;
	find({ no_chdir => 1, wanted => sub {
		return if $_ eq $top;
		lstat($_);
		$paths{substr($_, length($top) + 1)} = 1 if -l _ || -f _;
	} }, $top);
	return \%paths;
}

my @rules; # [side, regex, pattern, used, count, bytes]
open(my $t, '<', $table) or die "$table: $!\n";
while (<$t>) {
	my ($side, $pat) = split ' ';
	next if !defined $side || $side =~ /^#/;
	die "$table: bad side '$side'\n" unless $side =~ /^(debian|ours|differs)$/;
	my $re = '';
	for my $tok ($pat =~ /(\*\*|\*|\?|\[[^\]]*\]|[^*?\[]+)/g) {
		$re .= $tok eq '**' ? '.*' : $tok eq '*' ? '[^/]*' : $tok eq '?' ? '[^/]'
		     : $tok =~ /^\[/ ? $tok : quotemeta($tok);
	}
	push @rules, [$side, qr/^$re$/, $pat, 0, 0, 0, "^$re\$"];
}
close $t;

my @deb = map { listing($_) } @debian_dirs;
my %debian = map { %$_ } @deb;
my $ours = listing($packed);
sub debian_file {
	my ($p) = @_;
	for my $i (0 .. $#debian_dirs) { return "$debian_dirs[$i]/$p" if $deb[$i]{$p}; }
	return undef;
}
sub note {
	my ($side, $p, $file) = @_;
	for my $r (@rules) {
		next unless $r->[0] eq $side && $p =~ $r->[1];
		$r->[3] = 1;
		$r->[4]++;
		$r->[5] += (lstat($file))[7];
		return;
	}
	fail("$side: $p is not explained in $name");
}
# the same bytes, links followed (as cmp compares)
sub same_bytes {
	my ($a, $b) = @_;
	my @sa = stat($a) or return 0;
	my @sb = stat($b) or return 0;
	return 0 if $sa[7] != $sb[7];
	local $/;
	open(my $fa, '<:raw', $a) or return 0;
	open(my $fb, '<:raw', $b) or return 0;
	return <$fa> eq <$fb>;
}

my $unexplained = $fails;
note('debian', $_, debian_file($_)) for grep { !$ours->{$_} } sort keys %debian;
note('ours', $_, "$packed/$_") for grep { !$debian{$_} } sort keys %$ours;
my $same = 0;
for my $p (grep { $debian{$_} } sort keys %$ours) {
	if (same_bytes(debian_file($p), "$packed/$p")) { $same++; } else { note('differs', $p, "$packed/$p"); }
}
ok("every difference from Debian's packages is explained in $name") if $fails == $unexplained;
for my $r (@rules) {
	fail("$name: '$r->[0] $r->[6]' matches nothing: a stale explanation") unless $r->[3];
}
ok("$same files both hold, byte-identical");

# the figures (apparent bytes; files and links as find lists them)
sub size {
	my $n = 0;
	for my $d (@_) {
		find({ no_chdir => 1, wanted => sub { $n += (lstat($_))[7]; } }, $d);
	}
	return $n;
}
printf STDERR "--- Debian: %d paths, %d bytes (flavour %d, common %d, kbuild %d)\n", scalar(keys %debian),
	size(@debian_dirs), size($debian_dirs[0]), size($debian_dirs[1]), size($debian_dirs[2]);
printf STDERR "--- the pack: %d paths, %d bytes\n", scalar(keys %$ours), size($packed);
for my $r (@rules) {
	printf STDERR "%-8s %-40s %6d files %10d bytes\n", $r->[0], $r->[6], $r->[4], $r->[5] if $r->[3];
}
exit($fails > 100 ? 100 : $fails);
