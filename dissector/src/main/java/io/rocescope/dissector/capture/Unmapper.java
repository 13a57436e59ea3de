package io.rocescope.dissector.capture;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;

/**
 * Unmaps a mapped buffer at once, through {@code sun.misc.Unsafe.invokeCleaner} (module jdk.unsupported, in
 * every JDK 17): the only way JDK 17 has. Touching the buffer, or any view of it, afterwards crashes the JVM,
 * so only {@link MappedWindow} calls it, when its last holder lets go. Where it is missing (a runtime image
 * without jdk.unsupported) files are not mapped at all: a mapping left to the collector would hold its pages.
 */
final class Unmapper {
    private static final Object UNSAFE;
    private static final Method INVOKE_CLEANER;

    static {
        Object unsafe = null;
        Method clean = null;
        try {
            Class<?> c = Class.forName("sun.misc.Unsafe");
            Field f = c.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            unsafe = f.get(null);
            clean = c.getMethod("invokeCleaner", ByteBuffer.class);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            unsafe = null;
            clean = null;
        }
        UNSAFE = unsafe;
        INVOKE_CLEANER = clean;
    }

    private Unmapper() {}

    /** True when {@link #unmap} works. */
    static boolean available() { return INVOKE_CLEANER != null; }

    static void unmap(ByteBuffer mapped) {
        try {
            INVOKE_CLEANER.invoke(UNSAFE, mapped);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot unmap a capture window", e);
        }
    }
}
