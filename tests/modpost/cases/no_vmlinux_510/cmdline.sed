# no vmlinux symbols (-i Module.symvers dropped): 5.10 warns once and
# skips every "undefined!" check
s| -i Module.symvers | |
