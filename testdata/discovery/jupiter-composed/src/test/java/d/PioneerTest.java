package d;

import org.junitpioneer.jupiter.RetryingTest;
import org.junitpioneer.jupiter.cartesian.CartesianTest;
import org.junitpioneer.jupiter.cartesian.CartesianTest.Values;

class PioneerTest {
    @CartesianTest
    void pairs(@Values(ints = {1, 2}) int a, @Values(ints = {3, 4}) int b) {
    }

    @RetryingTest(3)
    void flaky() {
    }
}
