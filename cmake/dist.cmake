# "dist" target: a reproducible source tarball kbuild-pack-<version>.tar.gz in
# the build directory, made from the git checkout: by default the files git
# tracks, as they are in the working tree (so uncommitted edits of tracked
# files are in it, untracked files are not); with -DKBP_DIST_REF=<ref>
# exactly that commit (git archive).  File order, owners and mtimes are fixed
# (mtime = the commit date of HEAD), so the tarball is reproducible.
set(KBP_DIST_REF "" CACHE STRING "git ref to make the dist tarball from (default: tracked files of the working tree)")
set(KBP_DIST_NAME ${PROJECT_NAME}-${PROJECT_VERSION})
set(KBP_DIST_TARBALL ${CMAKE_BINARY_DIR}/${KBP_DIST_NAME}.tar.gz)
find_program(KBP_GIT git)
find_program(KBP_TAR tar)
if(KBP_GIT AND KBP_TAR AND EXISTS ${PROJECT_SOURCE_DIR}/.git)
  add_custom_target(dist
    COMMAND ${CMAKE_COMMAND} -E env GIT=${KBP_GIT} TAR=${KBP_TAR}
            sh ${CMAKE_CURRENT_LIST_DIR}/dist.sh ${PROJECT_SOURCE_DIR} ${KBP_DIST_NAME} ${KBP_DIST_TARBALL} "${KBP_DIST_REF}"
    BYPRODUCTS ${KBP_DIST_TARBALL}
    COMMENT "Making ${KBP_DIST_NAME}.tar.gz"
    VERBATIM)
else()
  add_custom_target(dist
    COMMAND ${CMAKE_COMMAND} -E echo "dist needs git, tar and a git checkout of the sources"
    COMMAND ${CMAKE_COMMAND} -E false)
endif()
