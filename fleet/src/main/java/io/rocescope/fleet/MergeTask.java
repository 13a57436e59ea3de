package io.rocescope.fleet;

import org.apache.spark.api.java.function.Function2;
import scala.Tuple2;

import java.util.Iterator;
import java.util.List;

/** Stage 2 on Spark: partition i, capture i's pieces in file order, into its one result. */
final class MergeTask implements Function2<Integer, Iterator<Tuple2<SplitKey, SplitOutput>>, Iterator<CaptureResult>> {
    private final CaptureTask task;
    private final List<CaptureInput> inputs;
    private final List<Integer> splits;

    MergeTask(CaptureTask task, List<CaptureInput> inputs, List<Integer> splits) {
        this.task = task;
        this.inputs = List.copyOf(inputs);
        this.splits = List.copyOf(splits);
    }

    @Override
    public Iterator<CaptureResult> call(Integer capture, Iterator<Tuple2<SplitKey, SplitOutput>> pieces) throws Exception {
        CaptureInput in = inputs.get(capture);
        if (splits.get(capture) == 1) {
            if (!pieces.hasNext()) return List.of(task.call(in)).iterator();   // not expected: the whole result went missing
            return List.of(pieces.next()._2().whole()).iterator();
        }
        Iterator<SplitOutput> outputs = new Iterator<>() {
            @Override
            public boolean hasNext() { return pieces.hasNext(); }

            @Override
            public SplitOutput next() { return pieces.next()._2(); }
        };
        return List.of(new SplitMerge(task).merge(in, splits.get(capture), outputs)).iterator();
    }
}
