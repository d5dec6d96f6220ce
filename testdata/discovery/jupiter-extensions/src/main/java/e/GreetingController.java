package e;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** Spring calls the handler by its path; no test calls it directly. */
@Controller
public class GreetingController {
    @GetMapping("/time")
    public String time() {
        return String.valueOf(Clock.now());
    }
}
