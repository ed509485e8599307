# CONFIG_EXTENDED_MODVERSIONS=n: modpost without -x (the long name is too long)
s/ -x / /
