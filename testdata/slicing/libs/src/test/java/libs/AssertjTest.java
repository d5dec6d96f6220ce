package libs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AssertjTest {
    @Test
    void chains() {
        Repo repo = new Repo();
        Shop shop = new Shop(repo);
        shop.buy("tea");
        assertThat(repo.all())
            .hasSize(1)
            .containsExactly("tea");
        assertThatThrownBy(() -> shop.buy(""))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("empty");
        assertThatCode(() -> shop.buy("milk")).doesNotThrowAnyException();
        assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> shop.buy(""));
        String label = "x";
        assertThat(label).isEqualTo("x");
    }
}
