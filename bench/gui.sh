#!/bin/sh
# The GUI on a big capture: time to the first rows, to the fully indexed list (frame count in the title),
# to the end of the analysis, the JavaFX thread's longest wait, and the peak RSS of the whole JVM.
# The window runs headless (Monocle, software rendering), as the GUI tests do. It first opens a small capture
# (sample-pcaps/roce_cm.pcap: the cold start of JVM and JavaFX, whatever the file), then the big one.
#   bench/gui.sh [FRAMES] [JAVA_OPTS]   e.g. bench/gui.sh 1000000 -Xmx512m
set -e
cd "$(dirname "$0")/.."
N=${1:-1000000}; shift || true
FILE=/tmp/rocescope-gui-bench-$N.pcap
[ -f analyzer-cli/target/rocescope-all.jar ] || mvn -q -B -o -DskipTests package -pl analyzer-cli -am
mvn -q -B -o -DskipTests package -pl analyzer-gui -am   # the window's jar, and the bench class in test-classes
[ -f "$FILE" ] || java -jar analyzer-cli/target/rocescope-all.jar synth bulk --seed 1 --packets "$N" -o "$FILE"
MONOCLE=$(find ~/.m2/repository/org/testfx/openjfx-monocle -name 'openjfx-monocle-*.jar' | sort | tail -1)
CP="analyzer-gui/target/rocescope-gui-all.jar:$MONOCLE"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
echo "capture: $FILE ($(stat -L -c %s "$FILE") bytes)"
cat "$FILE" > /dev/null   # in the page cache, as a file just written or opened before is
/usr/bin/time -f "peak RSS: %M kB, wall %e s, CPU %U s user + %S s system" java "$@" -Dprism.order=sw -Dglass.platform=Monocle -Dmonocle.platform=Headless \
  -Dheadless.geometry=1600x1200-32 -cp "analyzer-gui/target/test-classes:$CP" \
  io.rocescope.gui.GuiBench sample-pcaps/roce_cm.pcap "$FILE"
