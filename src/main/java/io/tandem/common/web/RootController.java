package io.tandem.common.web;

import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** A browser that opens the server's address finds the web UI (which signs it in), not a 401. */
@Hidden
@Controller
class RootController {

  @GetMapping("/")
  String root() {
    return "redirect:/ui";
  }
}
