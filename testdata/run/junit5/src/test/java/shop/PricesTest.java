package shop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PricesTest {
    @ParameterizedTest
    @MethodSource
    void addsUp(int cents) {
        Cart one = new Cart().add(cents);
        Cart two = new Cart().add(cents).add(cents);
        assertEquals(cents, one.total());
        assertEquals(2 * cents + 1, two.discounted(0));
    }

    static Stream<Integer> addsUp() {
        return Stream.of(100, 250);
    }
}
