# CONFIG_BASIC_MODVERSIONS=n: modpost without -b (extended tables only)
s/ -b / /
