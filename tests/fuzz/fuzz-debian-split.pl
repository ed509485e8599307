#!/usr/bin/perl
# fuzz-debian-split.pl [-runs=N] [-max_total_time=S] [-seed=N] [-max_len=N]
#                      [-artifact_prefix=P] CORPUS...
# A fuzz driver of dh_kbuild_pack's debian/kbuild-pack-split reader, in
# the process: it loads packaging/debian/dh_kbuild_pack (which stops
# before its work when loaded) and gives split_settings(), conf_lines()
# and debhelper's variable substitution behind it, inputs mutated from
# the CORPUS files (directories: their files; the first directory gets
# the inputs that gave a new outcome), as libFuzzer would, with
# libFuzzer's options (others, as -timeout, are taken and ignored).
# A finding is a die that is not the reader's own error() naming the file
# (FILE: or FILE:LINE: at its start, or FILE:LINE in debhelper's own
# substitution messages), any Perl warning, or a result that breaks what
# split_settings() says it returns. It is written to
# ARTIFACT_PREFIXcrash-SHA1 and the driver exits 1; with no finding, 0.
# -seed=N replays a run (the seed is printed).
use strict;
use warnings;
use Digest::SHA qw(sha1_hex);
use File::Basename qw(basename dirname);
use File::Temp qw(tempdir);
use Time::HiRes qw(time);

my %opt = (runs => -1, max_total_time => 0, seed => 0, max_len => 4096, artifact_prefix => './');
my @inputs;
foreach my $a (@ARGV) {
	if ($a =~ /^-([a-z_]+)=(.*)$/) {
		$opt{$1} = $2;
	} else {
		push @inputs, $a;
	}
}
$opt{max_len} = 65536 if $opt{max_len} > 65536;
$opt{seed} ||= int(time() * 1000) % 2**31;
print STDERR "INFO: Seed: $opt{seed}\n";
srand($opt{seed});

# The variables the seeds use, set; any other a mutation makes is unset.
$ENV{NO_COLOR} = 1;
$ENV{KOBJ_AMD64} = 'debian/build/build_amd64_none_amd64';
$ENV{KOBJ_CLOUD} = 'debian/build/build_amd64_none_cloud-amd64';
delete $ENV{KBP_FUZZ_UNSET};

my $dh = $ENV{KBP_DH_KBUILD_PACK} // dirname(__FILE__) . '/../../packaging/debian/dh_kbuild_pack';
my $warned;
$SIG{__WARN__} = sub { $warned //= $_[0] };
{
	package main;
	do $dh or die "cannot load $dh: " . ($@ || $! || 'it returned false') . "\n";
}
die "$dh defines no split_settings\n" unless defined &main::split_settings;
die "loading $dh warned: $warned" if defined $warned;

my $tmp = tempdir('kbp-fuzz-debian-split.XXXXXX', TMPDIR => 1, CLEANUP => 1);
mkdir("$tmp/debian") or die "cannot make $tmp/debian: $!\n";
my $conf = "$tmp/debian/kbuild-pack-split";

my (@corpus, $outdir);
foreach my $in (@inputs) {
	my @files = -d $in ? sort glob("$in/*") : ($in);
	$outdir //= $in if -d $in;
	foreach my $f (grep { -f $_ } @files) {
		open(my $fh, '<:raw', $f) or die "cannot read $f: $!\n";
		local $/;
		push @corpus, scalar(<$fh>) // '';
	}
}
@corpus = ('') unless @corpus;

my @dict = (qw(tree part option layout arch src common-name compiler debian parts common none any),
	'arch-x86', 'flavour-amd64', 'flavour-amd64@rust', 'linux-headers-6.1.99-quick', 'debian/build/x', '.',
	'--vmlinux=none', '-M', '=', '/', ' ', "\t", "\n", "\n\n", '#', '$', '${', '}', '${env:KOBJ_AMD64}',
	'${env:KBP_FUZZ_UNSET}', '${env:}', '${DEB_HOST_ARCH}', '${DEB_HOST_NOPE}', '${Space}', '${Tab}',
	'${Newline}', '${Dollar}', '${}', '${Nope}', '${env:KOBJ_AMD64}${env:KOBJ_AMD64}', "\0", "\r", "\x0b",
	"\x0c", "\x85", "\xa0", "\xff", "\xc3\xa9", 'amd64=', '=x', 'x=', '0', '-1', '9' x 30);
my @bytes = (map { chr } 0 .. 255);

sub line_split { my @l = split(/(?<=\n)/, $_[0], -1); return @l ? @l : ('') }

# One mutation of the byte string S.
sub mutate1 {
	my ($s) = @_;
	my $n = length($s);
	my $at = int(rand($n + 1));
	my $k = int(rand(10));
	if ($k == 0 && $n) {            # a byte changed
		substr($s, int(rand($n)), 1) = $bytes[rand @bytes];
	} elsif ($k <= 2) {             # a word inserted
		substr($s, $at, 0) = $dict[rand @dict];
	} elsif ($k == 3 && $n) {       # a range deleted
		substr($s, $at > 0 ? $at - 1 : 0, 1 + int(rand(16))) = '';
	} elsif ($k == 4) {             # a line duplicated, dropped or moved
		my @l = line_split($s);
		my $i = int(rand(@l));
		my $r = int(rand(3));
		if ($r == 0) { splice(@l, int(rand(@l + 1)), 0, $l[$i]) }
		elsif ($r == 1) { splice(@l, $i, 1) }
		else { my ($x) = splice(@l, $i, 1); splice(@l, int(rand(@l + 1)), 0, $x) }
		$s = join('', @l);
	} elsif ($k == 5) {             # a line of another input
		my @o = line_split($corpus[rand @corpus]);
		substr($s, $at, 0) = $o[rand @o];
	} elsif ($k == 6) {             # a byte repeated
		substr($s, $at, 0) = $bytes[rand @bytes] x (1 + int(rand(300)));
	} elsif ($k == 7 && $n) {       # the words of a line shuffled
		my @l = line_split($s);
		my $i = int(rand(@l));
		my @w = split(/ /, $l[$i], -1);
		@w = map { splice(@w, int(rand(@w)), 1) } 0 .. $#w;
		$l[$i] = join(' ', @w);
		$s = join('', @l);
	} elsif ($k == 8 && $n) {       # cut
		$s = substr($s, 0, $at);
	} else {                        # a word replaced
		my @w = split(/( +|\t+|\n+)/, $s);
		$w[int(rand(@w))] = $dict[rand @dict] if @w;
		$s = join('', @w);
	}
	return length($s) > $opt{max_len} ? substr($s, 0, $opt{max_len}) : $s;
}

# What split_settings says it returns, checked; a broken promise as text.
sub broken_promise {
	my ($c) = @_;
	return 'no hash' unless ref($c) eq 'HASH';
	foreach my $k (qw(trees opts arches)) { return "$k is no list" unless ref($c->{$k}) eq 'ARRAY' }
	foreach my $k (qw(pkg_of set compiler)) { return "$k is no hash" unless ref($c->{$k}) eq 'HASH' }
	foreach my $t (@{$c->{trees}}) {
		return 'a tree without FILE:LINE' unless ($t->{at} // '') =~ /^\Q$conf\E:\d+$/;
		return "tree $t->{at}: no directory" unless defined $t->{dir} && $t->{dir} ne '' && defined $t->{spec};
		return "tree $t->{at}: its name holds = or /" if defined $t->{name} && $t->{name} =~ m{[=/]};
	}
	foreach my $p (keys %{$c->{pkg_of}}) {
		my $v = $c->{pkg_of}{$p};
		return "part $p: no package" unless ref($v) eq 'ARRAY' && @$v == 2 && defined $v->[0] && defined $v->[1];
	}
	foreach my $v (values %{$c->{set}}, @{$c->{opts}}, @{$c->{arches}}) { return 'an undefined value' unless defined $v }
	foreach my $v (values %{$c->{compiler}}) { return "compiler '$v'" unless $v =~ /^[a-z0-9][a-z0-9+.-]+$/ }
	if ($c->{debian}) {
		return 'layout debian without common-name or arch' unless defined $c->{set}{'common-name'} && @{$c->{arches}};
	} elsif (@{$c->{arches}} || %{$c->{compiler}} || defined $c->{set}{src} || defined $c->{set}{'common-name'}) {
		return "the parts layout with Debian's settings";
	}
	return undef;
}

# The outcome of one input: (finding or undef, its kind for the corpus).
sub run_one {
	my ($input) = @_;
	open(my $fh, '>:raw', $conf) or die "cannot write $conf: $!\n";
	print $fh $input;
	close($fh) or die "cannot write $conf: $!\n";
	undef $warned;
	# where error() was called: the outcome's kind, a coverage of sorts
	my $site = '';
	local $SIG{__DIE__} = sub { my @c = caller(1); $site = @c ? basename($c[1]) . ":$c[2]" : "" };
	my $c = eval { main::split_settings($conf) };
	my $err = $@;
	return ("Perl warning: $warned", 'warning') if defined $warned;
	if (!defined $c) {
		$err =~ s/\e\[[0-9;]*m//g;
		my ($msg) = $err =~ /^\S+: error: (.*)\n\z/s;
		return ("a die that is not the reader's error(): $err", 'die') unless defined $msg;
		return ("an error() that names no $conf: $msg", 'die')
			unless $msg =~ /^\Q$conf\E(?::\d+)?: / || $msg =~ /\Q$conf\E:\d+/;
		return (undef, "error() at $site");
	}
	my $broken = broken_promise($c);
	return ("split_settings returned what it does not promise: $broken", 'broken') if defined $broken;
	return (undef, join(' ', 'ok', $c->{debian} ? 'debian' : 'parts', map { scalar(@{$c->{$_}}) > 1 ? "$_+" : scalar(@{$c->{$_}}) ? $_ : () } qw(trees opts arches)));
}

my %seen;
my $start = time();
my $runs = 0;
my $pulse = 1;
for (;;) {
	last if $opt{runs} >= 0 && $runs >= $opt{runs};
	last if $opt{max_total_time} > 0 && time() - $start >= $opt{max_total_time};
	# the seeds as they are first, then mutants of the corpus
	my $input = $runs < @corpus ? $corpus[$runs] : $corpus[rand @corpus];
	if ($runs >= @corpus) {
		$input = mutate1($input) for 1 .. 1 + int(rand(6));
	}
	my ($finding, $kind) = run_one($input);
	$runs++;
	if (defined $finding) {
		my $file = "$opt{artifact_prefix}crash-" . sha1_hex($input);
		open(my $out, '>:raw', $file) or die "cannot write $file: $!\n";
		print $out $input;
		close($out);
		print STDERR "==$$== ERROR: fuzz-debian-split: $finding\n";
		print STDERR "run $runs, seed $opt{seed}; the input is in $file\n";
		exit 1;
	}
	if (!$seen{$kind}++) {
		if ($runs > @corpus) {
			push @corpus, $input;
			if (defined $outdir && open(my $out, '>:raw', "$outdir/" . sha1_hex($input))) {
				print $out $input;
				close($out);
			}
		}
		printf STDERR "#%d\tNEW    outcomes: %d corp: %d (%s)\n", $runs, scalar(keys %seen), scalar(@corpus), $kind;
	}
	if ($runs == $pulse) {
		printf STDERR "#%d\tpulse  outcomes: %d corp: %d exec/s: %d\n", $runs, scalar(keys %seen), scalar(@corpus),
			$runs / ((time() - $start) || 1e-3);
		$pulse *= 2;
	}
}
my $secs = time() - $start;
printf STDERR "#%d\tDONE   outcomes: %d corp: %d exec/s: %d\n", $runs, scalar(keys %seen), scalar(@corpus),
	$runs / ($secs || 1e-3);
printf STDERR "Done %d runs in %d second(s)\n", $runs, $secs;
exit 0;
