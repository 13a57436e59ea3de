package io.rocescope.fleet;

import org.apache.spark.api.java.function.PairFlatMapFunction;
import scala.Tuple2;

import java.util.Iterator;

/** Stage 1 on Spark: a split decoded into keyed pieces (lazily: one chunk in memory), or a capture analysed whole. */
final class SplitTask implements PairFlatMapFunction<SplitSpec, SplitKey, SplitOutput> {
    private final CaptureTask task;

    SplitTask(CaptureTask task) { this.task = task; }

    @Override
    public Iterator<Tuple2<SplitKey, SplitOutput>> call(SplitSpec s) throws Exception {
        if (s.whole()) return java.util.List.of(new Tuple2<>(new SplitKey(s.capture(), 0, 0), SplitOutput.whole(task.call(s.input())))).iterator();
        SplitDecoding d = new SplitDecoding(s.input(), s.split(), s.splits());
        return new Iterator<>() {
            int chunk;

            @Override
            public boolean hasNext() { return d.hasNext(); }

            @Override
            public Tuple2<SplitKey, SplitOutput> next() { return new Tuple2<>(new SplitKey(s.capture(), s.split(), chunk++), d.next()); }
        };
    }
}
