# CONFIG_MODULE_SRCVERSION_ALL (-a): a srcversion for every module, from
# the first line of 5.10's .mod files
s| -m | -m -a |
