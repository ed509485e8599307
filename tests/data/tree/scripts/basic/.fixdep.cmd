cmd_scripts/basic/fixdep := gcc -o scripts/basic/fixdep
