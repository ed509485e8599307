#!/usr/bin/env perl
# not packed
