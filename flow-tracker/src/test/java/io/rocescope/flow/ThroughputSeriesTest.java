package io.rocescope.flow;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

class ThroughputSeriesTest {
    @Test
    void bucketsWidenToStayBoundedAndKeepEveryByte() {
        ThroughputSeries s = new ThroughputSeries();
        long total = 0;
        for (int i = 0; i < 100_000; i++) {
            s.add(1_000_000_000L + i * 137_000L, 100 + (i % 7));   // ~13.7 s at 137 us spacing
            total += 100 + (i % 7);
        }
        assertThat(s.bytesPerBucket().length).isLessThanOrEqualTo(ThroughputSeries.MAX_BUCKETS);
        assertThat(Arrays.stream(s.bytesPerBucket()).sum()).isEqualTo(total);
        assertThat(s.bucketNanos()).isEqualTo(64_000_000L);   // 1 ms doubled until 13.7 s fits in 256 buckets
    }
}
