LOG_DRIVER = env AM_TAP_AWK='$(AWK)' $(SHELL) $(top_srcdir)/build-aux/tap-driver.sh
AM_TESTS_ENVIRONMENT = CMOCKA_MESSAGE_OUTPUT=TAP; export CMOCKA_MESSAGE_OUTPUT; \
	unset BUILDDIR; \
	TEST_DATADIR='$(abs_top_srcdir)/tests/data'; export TEST_DATADIR; \
	PGO_GEN='$(abs_top_builddir)/generator/pgo-gen'; export PGO_GEN; \
	PGO_RUN_SRC='$(abs_top_builddir)/$(PGO_RUN_SRC)'; export PGO_RUN_SRC; \
	PGO_RUN='$(abs_top_builddir)/runner/pgo-run'; export PGO_RUN; \
	WELCH='$(abs_top_builddir)/bench/welch'; export WELCH;

TEST_CFLAGS = $(AM_CPPFLAGS) $(CMOCKA_CFLAGS) $(PCRE2_CFLAGS)
TEST_LIBS = $(COMMON_LIBS) $(BBLANG_LIBS) $(CMOCKA_LIBS)

check_PROGRAMS += %D%/bblang/test-pyexpr
%C%_bblang_test_pyexpr_SOURCES = %D%/bblang/test-pyexpr.c
%C%_bblang_test_pyexpr_CPPFLAGS = $(TEST_CFLAGS)
%C%_bblang_test_pyexpr_LDADD = $(TEST_LIBS)

check_PROGRAMS += %D%/bblang/test-assign %D%/bblang/test-parse %D%/bblang/test-data %D%/bblang/test-recipe %D%/bblang/test-errors
%C%_bblang_test_assign_SOURCES = %D%/bblang/test-assign.c %D%/bblang/assign-parts.h %D%/test-util.c %D%/test-util.h
%C%_bblang_test_assign_CPPFLAGS = $(TEST_CFLAGS)
%C%_bblang_test_assign_LDADD = $(TEST_LIBS)
%C%_bblang_test_parse_SOURCES = %D%/bblang/test-parse.c %D%/test-util.c %D%/test-util.h
%C%_bblang_test_parse_CPPFLAGS = $(TEST_CFLAGS)
%C%_bblang_test_parse_LDADD = $(TEST_LIBS)
%C%_bblang_test_data_SOURCES = %D%/bblang/test-data.c %D%/test-util.c %D%/test-util.h
%C%_bblang_test_data_CPPFLAGS = $(TEST_CFLAGS)
%C%_bblang_test_data_LDADD = $(TEST_LIBS)
%C%_bblang_test_recipe_SOURCES = %D%/bblang/test-recipe.c %D%/test-util.c %D%/test-util.h
%C%_bblang_test_recipe_CPPFLAGS = $(TEST_CFLAGS)
%C%_bblang_test_recipe_LDADD = $(TEST_LIBS)
%C%_bblang_test_errors_SOURCES = %D%/bblang/test-errors.c %D%/test-util.c %D%/test-util.h
%C%_bblang_test_errors_CPPFLAGS = $(TEST_CFLAGS)
%C%_bblang_test_errors_LDADD = $(TEST_LIBS)

# the commands of shell code against BitBake's ShellParser (tests/data/shell-execs)
check_PROGRAMS += %D%/bblang/test-shell
%C%_bblang_test_shell_SOURCES = %D%/bblang/test-shell.c %D%/test-util.c %D%/test-util.h
%C%_bblang_test_shell_CPPFLAGS = $(TEST_CFLAGS)
%C%_bblang_test_shell_LDADD = $(TEST_LIBS)

check_PROGRAMS += %D%/bblang/test-cooker
%C%_bblang_test_cooker_SOURCES = %D%/bblang/test-cooker.c %D%/test-util.c %D%/test-util.h
%C%_bblang_test_cooker_CPPFLAGS = $(TEST_CFLAGS)
%C%_bblang_test_cooker_LDADD = $(TEST_LIBS)

check_PROGRAMS += %D%/generator/test-tmpl %D%/generator/test-manifest
%C%_generator_test_tmpl_SOURCES = %D%/generator/test-tmpl.c generator/tmpl.c generator/tmpl.h
%C%_generator_test_tmpl_CPPFLAGS = $(TEST_CFLAGS)
%C%_generator_test_tmpl_LDADD = $(TEST_LIBS)
%C%_generator_test_manifest_SOURCES = %D%/generator/test-manifest.c %D%/test-util.c \
	%D%/test-util.h generator/manifest.c generator/manifest.h generator/layer.c \
	generator/layer.h generator/tmpl.c generator/tmpl.h
%C%_generator_test_manifest_CPPFLAGS = $(TEST_CFLAGS) $(LIBXML2_CFLAGS)
%C%_generator_test_manifest_LDADD = $(TEST_LIBS)
check_PROGRAMS += %D%/generator/test-sha256
%C%_generator_test_sha256_SOURCES = %D%/generator/test-sha256.c generator/sha256.c \
	generator/sha256.h
%C%_generator_test_sha256_CPPFLAGS = $(TEST_CFLAGS)
%C%_generator_test_sha256_LDADD = $(CMOCKA_LIBS)

check_PROGRAMS += %D%/runner/test-collect
%C%_runner_test_collect_SOURCES = %D%/runner/test-collect.c %D%/test-util.c %D%/test-util.h \
	runner/profile/collect.c runner/profile/collect.h runner/profile/collect-out.c \
	runner/profile/collect-import.h runner/profile/la.c runner/profile/la.h runner/profile/gcda.c runner/profile/gcda.h \
	runner/profile/fdata.c runner/profile/fdata.h runner/quote.c runner/quote.h runner/profile/tarmeter.c \
	runner/profile/tarmeter.h runner/proc.c runner/proc.h
%C%_runner_test_collect_CPPFLAGS = $(TEST_CFLAGS) $(LIBARCHIVE_CFLAGS) $(LIBXML2_CFLAGS)
%C%_runner_test_collect_LDADD = $(TEST_LIBS) $(LIBARCHIVE_LIBS) $(LIBXML2_LIBS)

check_PROGRAMS += %D%/runner/test-overlay
%C%_runner_test_overlay_SOURCES = %D%/runner/test-overlay.c %D%/test-util.c %D%/test-util.h \
	runner/profile/overlay.c runner/profile/overlay.h runner/profile/la.c runner/profile/la.h runner/quote.c runner/quote.h
%C%_runner_test_overlay_CPPFLAGS = $(TEST_CFLAGS) $(LIBARCHIVE_CFLAGS)
%C%_runner_test_overlay_LDADD = $(TEST_LIBS) $(LIBARCHIVE_LIBS)

check_PROGRAMS += %D%/runner/test-task
%C%_runner_test_task_SOURCES = %D%/runner/test-task.c %D%/test-util.c %D%/test-util.h \
	runner/task/task.c runner/task/task.h runner/task/hosttools.c runner/task/runscript.c runner/task/runscript.h \
	runner/proc.c runner/proc.h runner/task/log.c runner/task/log.h
%C%_runner_test_task_CPPFLAGS = $(TEST_CFLAGS)
%C%_runner_test_task_LDADD = $(TEST_LIBS)

check_PROGRAMS += %D%/runner/test-qemuboot %D%/runner/test-proc
%C%_runner_test_qemuboot_SOURCES = %D%/runner/test-qemuboot.c %D%/test-util.c %D%/test-util.h \
	runner/target/qemu.c runner/target/qemu.h runner/proc.c runner/proc.h
%C%_runner_test_qemuboot_CPPFLAGS = $(TEST_CFLAGS)
%C%_runner_test_qemuboot_LDADD = $(TEST_LIBS)
check_PROGRAMS += %D%/runner/test-transport
%C%_runner_test_transport_SOURCES = %D%/runner/test-transport.c %D%/test-util.c \
	%D%/test-util.h runner/target/console.c runner/target/console.h runner/target/ssh.c runner/target/ssh.h
%C%_runner_test_transport_CPPFLAGS = $(TEST_CFLAGS)
%C%_runner_test_transport_LDADD = $(TEST_LIBS)
%C%_runner_test_proc_SOURCES = %D%/runner/test-proc.c %D%/test-util.c %D%/test-util.h \
	runner/proc.c runner/proc.h
%C%_runner_test_proc_CPPFLAGS = $(TEST_CFLAGS)
%C%_runner_test_proc_LDADD = $(TEST_LIBS)

# the poll loop, and the serial transport in a session with a shell for a guest
check_PROGRAMS += %D%/runner/test-loop %D%/runner/test-serial
%C%_runner_test_loop_SOURCES = %D%/runner/test-loop.c %D%/test-util.c %D%/test-util.h \
	runner/target/loop.c runner/target/loop.h runner/target/console.c runner/target/console.h runner/proc.c \
	runner/proc.h runner/target/ssh.c runner/target/ssh.h
%C%_runner_test_loop_CPPFLAGS = $(TEST_CFLAGS)
%C%_runner_test_loop_LDADD = $(TEST_LIBS)
%C%_runner_test_serial_SOURCES = %D%/runner/test-serial.c %D%/test-util.c %D%/test-util.h \
	runner/profile/collect.c runner/profile/collect.h runner/profile/collect-out.c \
	runner/profile/collect-import.h runner/profile/la.c runner/profile/la.h runner/profile/gcda.c runner/profile/gcda.h \
	runner/profile/fdata.c runner/profile/fdata.h runner/profile/stages.c runner/profile/stages.h \
	runner/profile/overlay.c runner/profile/overlay.h runner/profile/tarmeter.c \
	runner/profile/tarmeter.h $(runner_session_sources)
%C%_runner_test_serial_CPPFLAGS = $(TEST_CFLAGS) $(LIBARCHIVE_CFLAGS) $(LIBXML2_CFLAGS)
%C%_runner_test_serial_LDADD = $(TEST_LIBS) $(LIBARCHIVE_LIBS) $(LIBXML2_LIBS)

check_PROGRAMS += %D%/runner/test-junit
%C%_runner_test_junit_SOURCES = %D%/runner/test-junit.c %D%/test-util.c %D%/test-util.h \
	runner/target/junit.c runner/target/junit.h
%C%_runner_test_junit_CPPFLAGS = $(TEST_CFLAGS) $(LIBXML2_CFLAGS)
%C%_runner_test_junit_LDADD = $(TEST_LIBS) $(LIBXML2_LIBS)

check_PROGRAMS += %D%/runner/test-bench-stats
%C%_runner_test_bench_stats_SOURCES = %D%/runner/test-bench-stats.c %D%/test-util.c \
	%D%/test-util.h runner/bench/bench-stats.c runner/bench/bench-stats.h
%C%_runner_test_bench_stats_CPPFLAGS = $(TEST_CFLAGS)
%C%_runner_test_bench_stats_LDADD = $(TEST_LIBS) -lm

check_PROGRAMS += %D%/runner/test-bench-text
%C%_runner_test_bench_text_SOURCES = %D%/runner/test-bench-text.c %D%/test-util.c \
	%D%/test-util.h runner/bench/bench-text.c runner/bench/bench-text.h
%C%_runner_test_bench_text_CPPFLAGS = $(TEST_CFLAGS)
%C%_runner_test_bench_text_LDADD = $(TEST_LIBS) -lm

check_PROGRAMS += %D%/common/test-common
%C%_common_test_common_SOURCES = %D%/common/test-common.c %D%/test-util.c %D%/test-util.h
%C%_common_test_common_CPPFLAGS = $(TEST_CFLAGS) $(LIBXML2_CFLAGS)
%C%_common_test_common_LDADD = $(TEST_LIBS) $(LIBXML2_LIBS)

# the shell scripts that are tests, listed once each below with what they check
TESTS += $(check_PROGRAMS) $(SHELL_TESTS)
dist_check_SCRIPTS += $(SHELL_TESTS)
SHELL_TESTS = %D%/bblang/conformance.sh %D%/bblang/real-data.sh %D%/bblang/legacy.sh
# every shell script of bench/, tests/ and .ci/ passes ShellCheck
SHELL_TESTS += %D%/shellcheck.sh
# no C file over 700 lines; pgo-run's rooms include only one another's public headers
SHELL_TESTS += %D%/structure.sh
SHELL_TESTS += %D%/generator/gen-golden.sh %D%/generator/patches.sh %D%/generator/layer.sh \
	%D%/generator/layer-golden.sh %D%/generator/builddir.sh %D%/generator/oe-pgo.sh
# the default profile task's pgo-build-runs.py, on Debian's python3
SHELL_TESTS += %D%/generator/build-runs.sh
# pgo-run task -B on OE-core's meta (tests/data/oe-meta) against real BitBake's run file;
# the functions of a run file against real BitBake's (tests/data/task-funcs);
# do_profile's signature (pgo-run task -S) free of the build directory's paths
SHELL_TESTS += %D%/runner/task-builddir.sh %D%/runner/task-funcs.sh %D%/runner/task-sig.sh
# the test image built from Debian's packages and booted in QEMU: both transports,
# a profile gathered in the guest and used by gcc -fprofile-use
SHELL_TESTS += %D%/runner/qemu.sh
# each CPython patch set against the OE-core releases' python3 (tests/data/oe-python3)
# and meta-python2's python 2.7 (tests/data/oe-python2)
SHELL_TESTS += %D%/generator/patches-release.sh
# pgo-run profile against the image tests/runner/qemu.sh builds
SHELL_TESTS += %D%/runner/test-profile.sh
# the other targets (a board over ssh, qemu-user), --junit, the progress line and
# the port race
SHELL_TESTS += %D%/runner/test-ssh-target.sh %D%/runner/test-qemu-user.sh \
	%D%/runner/test-report.sh
EXTRA_DIST += %D%/runner/lib.sh %D%/runner/bench-lib.sh %D%/runner/sshd.sh %D%/tap.sh
# a board's ssh edge against OpenSSH's sshd on 127.0.0.1 (no image): a user or
# host that would be an ssh option, --remote-dir, --known-hosts, ssh's reasons
SHELL_TESTS += %D%/runner/test-board-ssh.sh
# the ssh retry with the network off (unshare -n): its reason logged once, counted
SHELL_TESTS += %D%/runner/net-off.sh
# what comes back from a board and what goes to it: a real sshd on 127.0.0.1
# whose tar (tests/runner/board/tar) streams hostile archives
SHELL_TESTS += %D%/runner/test-board-collect.sh
EXTRA_DIST += %D%/runner/board/tar
# the .fdata pgo-run import takes against LLVM 19's merge-fdata and llvm-bolt (bolt-19)
SHELL_TESTS += %D%/runner/fdata-consumers.sh
# BOLT's profile (.fdata) of the demo instrumented by llvm-bolt, brought back by
# pgo-run from the x86-64 image booted as a board and from qemu-aarch64, then
# applied; the aarch64 runtime from Debian's libbolt-19-dev:arm64 (its download
# kept in tests/bolt-arm64)
SHELL_TESTS += %D%/runner/test-bolt.sh
# the layer's do_pgo_bolt (PGO_BOLT = "1") run by pgo-run task against the
# test image, on a stand-in python3 built for BOLT
SHELL_TESTS += %D%/runner/do-pgo-bolt.sh
# pgo-run bench --target local on Debian's python3: an A/A run, a tarball
# build, and the errors
SHELL_TESTS += %D%/runner/test-bench.sh
# pgo-run bench against a hostile or broken board (OpenSSH's sshd on
# 127.0.0.1): the target's text escaped, deadlines killing whole process
# trees, times that are not times, outputs checked before anything runs
SHELL_TESTS += %D%/runner/test-board-bench.sh
# pgo-run bench -B: the builds found in a build directory read with OE-core's
# configuration, and each step a user can be at
SHELL_TESTS += %D%/runner/bench-builddir.sh
# the arm64 (qemuarm64) and armhf (qemuarm) images, built from Debian's
# packages of the architecture with the demo cross-built, booted by hand and
# by pgo-run profile; then do_profile for qemuarm64, stand-alone and through
# -B, against an aarch64 image of its own from the packages qemu-arm64.sh
# downloads
dist_check_SCRIPTS += %D%/runner/qemu-arch.sh
SHELL_TESTS += %D%/runner/qemu-arm64.sh %D%/runner/qemu-armhf.sh %D%/runner/do-profile-arm64.sh
# the boot OE images use (IMAGE_FSTYPES ext4): per machine, a kernel with
# virtio_blk and ext4 built in (Debian's linux-source, cached in
# ~/.cache/meta-pgo), the test image's tree on an ext4 disk, booted by
# pgo-run as runqemu boots it and a profile gathered
dist_check_SCRIPTS += %D%/runner/ext4-boot.sh
SHELL_TESTS += %D%/runner/ext4-amd64.sh %D%/runner/ext4-arm64.sh %D%/runner/ext4-armhf.sh
# pgo-run bench against the arm64 image as a stand-in board, with Debian's
# aarch64 python3.11 as the build
SHELL_TESTS += %D%/runner/bench-arm64.sh
# the generated python3-pgo-image:do_profile run by pgo-run task against an
# image of its own, from the packages tests/runner/qemu.sh downloads
SHELL_TESTS += %D%/runner/do-profile.sh
# what a real build of the layer needs, without BitBake: the generated
# recipes read back with bblang, the debug paths of the layer's flags, the
# runner's source tarball built as pgo-run-native builds it, the
# interpreter's RPATH, the switch that leaves a build alone until it is on,
# what yocto-check-layer asks of the layer's files
SHELL_TESTS += %D%/generator/layer-build.sh %D%/generator/debug-paths.sh \
	%D%/generator/runner-src.sh %D%/generator/rpath.sh %D%/generator/switch.sh \
	%D%/generator/layer-compat.sh
EXTRA_DIST += %D%/generator/anon.py %D%/generator/anon.sh
# PGO_BOLT's parse-time choices: the MACHINEs BOLT cannot rewrite, the
# releases without an llvm-project source, the task's place
SHELL_TESTS += %D%/generator/bolt.sh
EXTRA_DIST += %D%/data %D%/bblang/conformance-python.txt %D%/image
# bench/model's TCG plugins on code of known behaviour, under qemu-x86_64 and
# qemu-aarch64 (they build from Debian's qemu source package)
SHELL_TESTS += %D%/bench/model.sh
EXTRA_DIST += %D%/bench/model-probe.c
# bench/task-select on GCC profiles of a program whose parts are known
SHELL_TESTS += %D%/bench/task-select.sh
EXTRA_DIST += %D%/bench/select-probe.c
# the lab's CPython builds take BOLT's flags, skip list and check from the
# generated layer, for the machine's TARGET_ARCH
SHELL_TESTS += %D%/bench/layer-flags.sh
# bench/pybench/report.py on a recorded run against its golden output
SHELL_TESTS += %D%/bench/report.sh

# The order of the tests that share an image (through variables: automake would
# take a literal target as overriding its rule). Those that boot the x86-64 image
# tests/runner/qemu.sh builds, or use the packages it downloads, run after it;
# those of the arm64 and armhf images after qemu-arm64.sh and qemu-armhf.sh.
TEST_QEMU_LOGS = %D%/runner/test-profile.sh.log %D%/runner/test-ssh-target.sh.log \
	%D%/runner/test-report.sh.log %D%/runner/net-off.sh.log %D%/runner/test-bolt.sh.log \
	%D%/runner/do-pgo-bolt.sh.log %D%/runner/ext4-amd64.sh.log %D%/runner/do-profile.sh.log
$(TEST_QEMU_LOGS): %D%/runner/qemu.sh.log
TEST_QEMU_ARM64_LOGS = %D%/runner/do-profile-arm64.sh.log %D%/runner/ext4-arm64.sh.log \
	%D%/runner/bench-arm64.sh.log
$(TEST_QEMU_ARM64_LOGS): %D%/runner/qemu-arm64.sh.log
TEST_EXT4_ARMHF_LOG = %D%/runner/ext4-armhf.sh.log
$(TEST_EXT4_ARMHF_LOG): %D%/runner/qemu-armhf.sh.log
# test-profile.sh and test-ssh-target.sh both build the demo with -fprofile-use
# in the image's demo-build/ (GCC ties a .gcda to its object path): one at a time
TEST_SSH_TARGET_LOG = %D%/runner/test-ssh-target.sh.log
$(TEST_SSH_TARGET_LOG): %D%/runner/test-profile.sh.log
clean-local: clean-image
clean-image:
	rm -rf tests/image-out tests/bench/plugins tests/bolt-arm64
.PHONY: clean-image
