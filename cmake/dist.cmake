# "dist" target: a reproducible source tarball kbuild-pack-<version>.tar.gz in
# the build directory, made from the git checkout with git archive of
# KBP_DIST_REF (default HEAD: what is committed, whatever the working tree
# holds).  KBP_DIST_REF=worktree takes the files git tracks as they are in the
# working tree instead (uncommitted edits in, untracked files out); file
# order, owners and mtimes (the commit date of HEAD) are fixed, so that
# tarball is reproducible too.
set(KBP_DIST_REF "HEAD" CACHE STRING "git ref to make the dist tarball from, or 'worktree'")
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
