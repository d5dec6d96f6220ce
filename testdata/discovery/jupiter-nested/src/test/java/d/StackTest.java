package d;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class StackTest {
    int size;

    @BeforeEach
    void init() {
        size = 0;
    }

    @Test
    void isEmpty() {
    }

    @Nested
    class WhenPushed {
        @BeforeEach
        void push() {
            size++;
        }

        @Test
        void notEmpty() {
        }

        @Nested
        class AndPopped {
            @Test
            void emptyAgain() {
            }
        }
    }

    class NotNested {
        @Test
        void neverRuns() {
        }
    }
}
