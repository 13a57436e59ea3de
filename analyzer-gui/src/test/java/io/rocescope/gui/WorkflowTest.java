package io.rocescope.gui;

import io.rocescope.dissector.TestCaptures;
import javafx.stage.Stage;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/** What a Wireshark user does in the window: filter, colour, go to, sort, copy, export, look at the file's properties. */
@ExtendWith(ApplicationExtension.class)
class WorkflowTest {
    private RoceScopeGui gui;

    @Start
    void start(Stage stage) {
        gui = new RoceScopeGui();
        gui.start(stage);
    }

    private static List<Integer> numbers(List<String> tsharkFields) {
        return tsharkFields.stream().filter(s -> !s.isBlank()).map(s -> Integer.parseInt(s.strip()) - 1).toList();
    }

    @Test
    void theFilterBarChecksAsOneTypesAndCompletesFieldNames(FxRobot robot) throws Exception {
        GuiTests.open(robot, gui, RoceScopeGuiTest.path("rnr_nak"));
        robot.interact(() -> gui.filterBar.text.setText("infiniband.aeth.syndrome.opcode == 1"));
        assertThat(gui.filterBar.text.getStyleClass()).contains("filter-ok").doesNotContain("filter-bad");
        robot.interact(() -> gui.filterBar.text.setText("infiniband.aeth.syndrome.opcode == "));
        assertThat(gui.filterBar.text.getStyleClass()).contains("filter-bad");
        assertThat(gui.status.getText()).startsWith("Filter: ");
        // the parser's own message, as the CLI prints it for -Y
        String cli = cliError("dissect", "-Y", "infiniband.aeth.syndrome.opcode == ", RoceScopeGuiTest.path("rnr_nak"));
        assertThat(cli).contains(gui.filterBar.problem());
        GuiTests.screenshot(robot, gui.frames.getScene().getRoot(), "filter-invalid");
        // completion: every field the registry names with that prefix
        List<String> c = FilterBar.completions("ip.src == 10.0.0.1 && infiniband.aeth.syn");
        assertThat(c).isNotEmpty().allMatch(n -> n.startsWith("infiniband.aeth.syn")).contains("infiniband.aeth.syndrome.opcode");
        robot.interact(() -> gui.filterBar.text.setText("infiniband.bth.op"));
        assertThat(gui.filterBar.suggestions.getItems()).extracting(m -> m.getText().split(" ")[0]).contains("infiniband.bth.opcode");
        robot.interact(() -> gui.filterBar.suggestions.getItems().stream().filter(m -> m.getText().startsWith("infiniband.bth.opcode ")).findFirst().orElseThrow().fire());
        assertThat(gui.filterBar.text.getText()).isEqualTo("infiniband.bth.opcode");
    }

    private static String cliError(String... args) {
        java.io.StringWriter err = new java.io.StringWriter();
        io.rocescope.cli.RoceScope.run(args, java.io.OutputStream.nullOutputStream(), new java.io.PrintWriter(err));
        return err.toString();
    }

    @Test
    void aFilterShowsTheFramesTsharkSelects(FxRobot robot) throws Exception {
        String path = RoceScopeGuiTest.path("send_bw_loss2pct");
        GuiTests.open(robot, gui, path);
        for (String filter : List.of("infiniband.bth.opcode == 4 && infiniband.bth.psn > 5000000", "ip.src == 10.0.0.2", "udp.length < 100 || arp")) {
            List<String> t = GuiTests.tshark("-r", path, "-Y", filter, "-T", "fields", "-e", "frame.number");
            Assumptions.assumeTrue(t != null, "tshark is not installed");
            robot.interact(() -> gui.applyFilterText(filter));
            GuiTests.settle(gui);
            assertThat(Arrays.stream(gui.rows().frames()).boxed().toList()).as(filter).isEqualTo(numbers(t));
            assertThat(gui.displayed.getText()).contains("Displayed: " + t.size() + " ");
        }
        robot.interact(() -> gui.applyFilterText(""));
        GuiTests.settle(gui);
        assertThat(gui.rows().size()).isEqualTo(gui.file().index.size());
    }

    @Test
    void colouringRulesColourTheFramesTheirFiltersSelect(FxRobot robot) throws Exception {
        for (String capture : List.of("rnr_nak", "send_bw_corrupt1pct", "synth_congestion", "cm_reject_no_listener")) {
            String path = RoceScopeGuiTest.path(capture);
            GuiTests.open(robot, gui, path);
            // the first rule a frame matches is its colour: each rule's frames are what -Y selects, less the earlier rules'
            List<Integer> claimed = new ArrayList<>();
            for (ColourRule r : gui.rules) {
                if (ColourRule.ANALYSIS.equals(r.filterText)) continue;
                List<Integer> sel = new ArrayList<>(GuiTests.cli("dissect", "-Y", r.filterText, path).lines()
                    .map(l -> Integer.parseInt(l.strip().split("\\s+")[0]) - 1).toList());
                List<Integer> coloured = new ArrayList<>();
                for (int i = 0; i < gui.file().index.size(); i++) if (gui.packets.rows().row(i).rule() == r) coloured.add(i);
                if (!coloured.isEmpty() || !sel.isEmpty()) {
                    List<Integer> expected = new ArrayList<>(sel);
                    expected.removeAll(claimed);
                    // retransmitted frames take the analysis rule before the protocol ones
                    List<Integer> retrans = new ArrayList<>();
                    for (int i : expected) if (gui.packets.rows().row(i).rule() != null && ColourRule.ANALYSIS.equals(gui.packets.rows().row(i).rule().filterText)) retrans.add(i);
                    expected.removeAll(retrans);
                    assertThat(coloured).as(capture + " " + r.name).isEqualTo(expected);
                }
                claimed.addAll(sel);
            }
        }
    }

    @Test
    void retransmittedFramesAreTheAnalysisEpisodes(FxRobot robot) throws Exception {
        String path = RoceScopeGuiTest.path("send_bw_loss2pct");
        GuiTests.open(robot, gui, path);
        var flows = GuiTests.cliJson("flows", "-T", "json", path);
        long resent = 0;
        for (var c : flows) for (String d : List.of("aToB", "bToA")) if (!c.get(d).isNull()) resent += c.get(d).get("psn").get("retransmittedPackets").asLong();
        int coloured = 0, first = -1;
        for (int i = 0; i < gui.file().index.size(); i++) {
            ColourRule r = gui.packets.rows().row(i).rule();
            if (r != null && r.name.equals("Retransmission")) {
                coloured++;
                if (first < 0) first = i;
            }
        }
        assertThat(resent).isPositive();
        // every resent packet is coloured; the episodes' runs may also hold first sends of later PSNs in between
        assertThat((long) coloured).isGreaterThanOrEqualTo(resent);
        int at = Math.max(1, first - 3);
        robot.interact(() -> {
            gui.goToFrame(at);
            gui.frames.scrollTo(at - 1);
        });
        WaitForAsyncUtils.waitForFxEvents();
        GuiTests.screenshot(robot, gui.frames.getScene().getRoot(), "retransmissions");
    }

    @Test
    void goToFrameSortAndCopy(FxRobot robot) throws Exception {
        String path = RoceScopeGuiTest.path("send_bw_loss2pct");
        GuiTests.open(robot, gui, path);
        robot.interact(() -> assertThat(gui.goToFrame(1234)).isTrue());
        assertThat(gui.detail.shown().number()).isEqualTo(1234);
        robot.interact(() -> assertThat(gui.goToFrame(999_999)).isFalse());
        // sort by Length, descending: an independent sort of tshark's frame.len
        List<String> lens = GuiTests.tshark("-r", path, "-T", "fields", "-e", "frame.number", "-e", "frame.len");
        Assumptions.assumeTrue(lens != null, "tshark is not installed");
        List<int[]> pairs = new ArrayList<>(lens.stream().map(l -> l.split("\t")).map(p -> new int[] {Integer.parseInt(p[0]) - 1, Integer.parseInt(p[1])}).toList());
        pairs.sort(Comparator.<int[]>comparingInt(p -> -p[1]).thenComparingInt(p -> p[0]));
        robot.interact(() -> {
            var col = gui.frames.getColumns().get(5);
            col.setSortType(javafx.scene.control.TableColumn.SortType.DESCENDING);
            gui.frames.getSortOrder().setAll(List.of(col));
        });
        GuiTests.settle(gui);
        assertThat(Arrays.stream(gui.rows().frames()).boxed().toList()).isEqualTo(pairs.stream().map(p -> p[0]).toList());
        // sort by Info (decoded in the background): the order of the texts
        robot.interact(() -> {
            var col = gui.frames.getColumns().get(6);
            col.setSortType(javafx.scene.control.TableColumn.SortType.ASCENDING);
            gui.frames.getSortOrder().setAll(List.of(col));
        });
        GuiTests.settle(gui);
        List<String> infos = Arrays.stream(gui.rows().frames()).mapToObj(i -> gui.packets.rows().row(i).columns()[6]).toList();
        assertThat(infos).isSorted();
        // a filter applied to a sorted list: tshark's frames, in capture order (the sort is cleared)
        String filter = "infiniband.bth.opcode == 4 && infiniband.bth.psn > 5000000";
        List<String> t = GuiTests.tshark("-r", path, "-Y", filter, "-T", "fields", "-e", "frame.number");
        robot.interact(() -> gui.applyFilterText(filter));
        GuiTests.settle(gui);
        assertThat(Arrays.stream(gui.rows().frames()).boxed().toList()).as(filter + " after a sort").isEqualTo(numbers(t));
        // sorted by Length descending while filtered, then back to capture order (No. ascending): the filter's frames again
        robot.interact(() -> {
            var col = gui.frames.getColumns().get(5);
            col.setSortType(javafx.scene.control.TableColumn.SortType.DESCENDING);
            gui.frames.getSortOrder().setAll(List.of(col));
        });
        GuiTests.settle(gui);
        List<Integer> byLength = Arrays.stream(gui.rows().frames()).boxed().toList();
        assertThat(byLength).containsExactlyInAnyOrderElementsOf(numbers(t));
        assertThat(byLength.stream().map(i -> gui.file().index.length(i)).toList()).isSortedAccordingTo(Comparator.reverseOrder());
        robot.interact(() -> {
            var col = gui.frames.getColumns().get(0);
            col.setSortType(javafx.scene.control.TableColumn.SortType.ASCENDING);
            gui.frames.getSortOrder().setAll(List.of(col));
        });
        GuiTests.settle(gui);
        assertThat(Arrays.stream(gui.rows().frames()).boxed().toList()).isEqualTo(numbers(t));
        // copy as CSV: a header and one quoted line per row, the columns of the rows
        String csv = gui.packets.selectionText(List.of(0, 1), true);
        assertThat(csv.lines().toList()).hasSize(3);
        assertThat(csv.lines().findFirst().orElseThrow()).isEqualTo("\"No.\",\"Time\",\"Source\",\"Destination\",\"Protocol\",\"Length\",\"Info\"");
        assertThat(csv.lines().skip(1).findFirst().orElseThrow()).startsWith("\"1\",\"0.000000\",");
        String text = gui.packets.selectionText(List.of(2), false);
        assertThat(text.strip()).isEqualTo(GuiTests.cli("dissect", "-c", "3", path).lines().skip(2).findFirst().orElseThrow().strip());
    }

    @Test
    void exportedFramesAreTheOriginalRecords(FxRobot robot, @TempDir Path dir) throws Exception {
        String path = RoceScopeGuiTest.path("rnr_nak");
        GuiTests.open(robot, gui, path);
        robot.interact(() -> gui.applyFilterText("infiniband.aeth"));
        GuiTests.settle(gui);
        int[] shown = gui.rows().frames();
        for (boolean pcapng : new boolean[] {false, true}) {
            Path out = dir.resolve(pcapng ? "acks.pcapng" : "acks.pcap");
            assertThat(FrameExport.write(gui.file(), gui.rows(), out, pcapng)).isEqualTo(shown.length);
            List<TestCaptures.RawFrame> all = TestCaptures.records(Path.of(path)), got = TestCaptures.records(out);
            assertThat(got).hasSize(shown.length);
            for (int k = 0; k < shown.length; k++) {
                assertThat(got.get(k).data()).isEqualTo(all.get(shown[k]).data());
                assertThat(got.get(k).timestampNanos()).isEqualTo(all.get(shown[k]).timestampNanos());
            }
            List<String> t = GuiTests.tshark("-r", out.toString(), "-T", "fields", "-e", "infiniband.aeth.syndrome");
            if (t != null) assertThat(t).hasSize(shown.length).allMatch(s -> !s.isBlank());
        }
    }

    @Test
    void capturePropertiesAreWhatCapinfosSays(FxRobot robot) throws Exception {
        String path = RoceScopeGuiTest.path("roce_cm");
        GuiTests.open(robot, gui, path);
        robot.interact(() -> { try { gui.propertiesDialog.computeSha256(); } catch (java.io.IOException e) { throw new java.io.UncheckedIOException(e); } });
        Map<String, String> p = gui.propertiesDialog.properties();
        List<String> capinfos;
        try {
            Process pr = new ProcessBuilder("capinfos", "-M", path).redirectErrorStream(true).start();
            capinfos = new String(pr.getInputStream().readAllBytes()).lines().toList();
            pr.waitFor();
        } catch (java.io.IOException e) {
            capinfos = null;
        }
        Assumptions.assumeTrue(capinfos != null && !capinfos.isEmpty(), "capinfos is not installed");
        for (String key : List.of("File type", "Number of packets", "File size", "Data size", "SHA256", "First packet time",
            "Last packet time", "Strict time order", "Capture duration", "Average packet size")) {
            String line = capinfos.stream().filter(l -> l.startsWith(key + ":")).findFirst().orElseThrow();
            String want = line.substring(line.indexOf(':') + 1).strip();
            assertThat(p.get(key)).as(key).isEqualTo(want);
        }
        assertThat(p.get("File encapsulation")).isEqualTo("Ethernet (1)");
        assertThat(p.get("Packet size limit")).isEqualTo("262144 bytes");
    }

    @Test
    void aCompressedCaptureOpensAsItsContent(FxRobot robot, @TempDir Path dir) throws Exception {
        Path gz = dir.resolve("rping.pcap.gz");
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
            o.write(Files.readAllBytes(Path.of(RoceScopeGuiTest.path("rping"))));
        }
        GuiTests.open(robot, gui, gz.toString());
        List<String> lines = GuiTests.cli("dissect", RoceScopeGuiTest.path("rping")).lines().toList();
        assertThat(gui.rows().size()).isEqualTo(lines.size());
        assertThat(gui.packets.rows().row(lines.size() - 1).columns()[6]).isEqualTo(lines.get(lines.size() - 1).replaceFirst(".* \\d+ ", ""));
        assertThat(gui.propertiesDialog.properties().get("File type")).isEqualTo("pcap (compressed)");
        assertThat(gui.recent.list().get(0)).isEqualTo(gz.toAbsolutePath().toString());
    }

    @Test
    void ioGraphCountsAreTsharksIoStat(FxRobot robot) throws Exception {
        String path = RoceScopeGuiTest.path("roce_cm");
        GuiTests.open(robot, gui, path);
        robot.interact(() -> {
            gui.tabs.getSelectionModel().select(gui.ioTab);
            gui.ioGraph.interval.getSelectionModel().select("100 ms");
        });
        WaitForAsyncUtils.waitForFxEvents();
        List<String> t = GuiTests.tshark("-r", path, "-q", "-z", "io,stat,0.1");
        Assumptions.assumeTrue(t != null, "tshark is not installed");
        List<Long> frames = new ArrayList<>();
        for (String l : t) {
            String[] c = l.split("\\|");
            if (c.length >= 4 && c[1].contains("<>")) frames.add(Long.parseLong(c[2].strip()));
        }
        assertThat(Arrays.stream(gui.ioGraph.bins).boxed().toList()).isEqualTo(frames);
        GuiTests.screenshot(robot, gui.frames.getScene().getRoot(), "iograph");
    }
}
