# what "make nsdeps" asks for (-d FILE): the file of missing namespaces,
# named .mod.c so that difftest.sh compares it
s|-o \([^ ]*\)/Module.symvers|-d \1/kbp_nsdeps.mod.c &|
