package io.tandem.security;

import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** A handler without an access declaration, as a mistake would leave one: SecurityIT shows it is refused. */
@Hidden
@RestController
class UndeclaredController {

  @GetMapping("/api/v1/undeclared")
  String undeclared() {
    return "reached";
  }
}
