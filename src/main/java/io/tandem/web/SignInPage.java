package io.tandem.web;

import io.tandem.security.SecurityProperties;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The sign-in form, and the identity provider's sign-in where one is configured; the security filter chain takes
 * their posts and redirects (neither the token nor the provider's answer reaches a controller).
 */
@Controller
class SignInPage {

  private final boolean identityProvider;

  SignInPage(SecurityProperties settings) {
    this.identityProvider = settings.oidc().login();
  }

  @GetMapping("/ui/sign-in")
  String signIn(Model model) {
    model.addAttribute("identityProvider", identityProvider);
    return "ui/sign-in";
  }
}
