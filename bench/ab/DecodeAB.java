import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * Two builds' decoders in one JVM, round for round (A B A B ...): a change of a few per cent shows only when both
 * builds are timed on the same machine at the same moment, and whole processes on a shared machine drift by more than
 * that between runs (this machine: 272 to 380 ns a frame for the same jar within minutes). Each build has its own
 * class loader (jar + DecodeRound compiled against A), so neither shares the other's classes or JIT profiles.
 * Prints each build's median ns a frame and the median and range of the pairwise ratios A/B.
 *
 *   java DecodeAB CLASSES_DIR A.jar B.jar FILE [WARMUP] [ROUNDS]   (run by bench/decode-ab.sh)
 */
public final class DecodeAB {
    public static void main(String[] args) throws Exception {
        Path classes = Path.of(args[0]);
        String file = args[3];
        int warmup = args.length > 4 ? Integer.parseInt(args[4]) : 10, rounds = args.length > 5 ? Integer.parseInt(args[5]) : 30;
        LongSupplier a = build(classes, Path.of(args[1]), file), b = build(classes, Path.of(args[2]), file);
        int frames = ((IntSupplier) a).getAsInt();
        if (frames != ((IntSupplier) b).getAsInt()) throw new IllegalStateException("the builds read different frame counts");
        double[] na = new double[rounds], nb = new double[rounds], ratio = new double[rounds];
        for (int i = -warmup; i < rounds; i++) {
            // alternate which build goes first, so neither always runs right after a GC of the other's garbage
            boolean aFirst = (i & 1) == 0;
            double ta = 0, tb = 0;
            long sa = 0, sb = 0;
            for (int k = 0; k < 2; k++) {
                boolean runA = (k == 0) == aFirst;
                long t0 = System.nanoTime();
                long s = (runA ? a : b).getAsLong();
                double ns = (double) (System.nanoTime() - t0) / frames;
                if (runA) { ta = ns; sa = s; } else { tb = ns; sb = s; }
            }
            if (sa != sb) throw new IllegalStateException("the builds decode differently: " + sa + " vs " + sb);
            if (i >= 0) { na[i] = ta; nb[i] = tb; ratio[i] = ta / tb; }
        }
        Arrays.sort(na); Arrays.sort(nb); Arrays.sort(ratio);
        System.out.printf("%d frames, %d rounds each after %d warm-up%n", frames, rounds, warmup);
        System.out.printf("A %.1f ns a frame (median), B %.1f%n", na[rounds / 2], nb[rounds / 2]);
        System.out.printf("A/B %.3f (median of pairs), range %.3f-%.3f, middle half %.3f-%.3f%n", ratio[rounds / 2], ratio[0],
            ratio[rounds - 1], ratio[rounds / 4], ratio[rounds * 3 / 4]);
    }

    private static LongSupplier build(Path classes, Path jar, String file) throws Exception {
        URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL(), jar.toUri().toURL()},
            ClassLoader.getPlatformClassLoader());
        return (LongSupplier) loader.loadClass("DecodeRound").getConstructor(String.class).newInstance(file);
    }
}
