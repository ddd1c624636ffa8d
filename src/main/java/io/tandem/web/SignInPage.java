package io.tandem.web;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** The sign-in form; the security filter chain takes its post (the token never reaches a controller). */
@Controller
class SignInPage {

  @GetMapping("/ui/sign-in")
  String signIn() {
    return "ui/sign-in";
  }
}
