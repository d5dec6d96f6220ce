package d;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KindsTest {
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void param(int n) {
    }

    @RepeatedTest(3)
    void repeated() {
    }

    @TestFactory
    List<DynamicTest> dynamic() {
        return Collections.emptyList();
    }

    @TestTemplate
    void template() {
    }
}
