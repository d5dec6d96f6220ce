package e;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.test.web.servlet.MockMvc;

/** MockMvc dispatches by path to the controller's handler, which the test never names. */
@WebMvcTest(GreetingController.class)
class WebTest {
    @Autowired
    private MockMvc mvc;

    @Test
    void time() throws Exception {
        mvc.perform(get("/time")).andExpect(status().isOk());
    }
}
