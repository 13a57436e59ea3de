package io.rocescope.flow;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** One budget for every flow's event logs: past it the logs count but keep nothing more. */
class EventBudgetTest {
    @Test
    void logsKeepEventsWhileTheSharedBudgetLastsAndCountThemAll() {
        EventBudget budget = new EventBudget(5);
        EventLog a = new EventLog(), b = new EventLog();
        for (int i = 0; i < 4; i++) a.add(1_000L * i, 10 + i, budget);
        for (int i = 0; i < 4; i++) b.add(1_000L * i, 20 + i, budget);
        assertThat(a.count()).isEqualTo(4);
        assertThat(b.count()).isEqualTo(4);
        assertThat(a.firstFrames(10)).containsExactly(10, 11, 12, 13);
        assertThat(b.firstFrames(10)).containsExactly(20);   // the budget's fifth event, then only counted
        assertThat(b.busiest(10_000).events()).isEqualTo(1);
        assertThat(budget.take()).isFalse();
    }
}
