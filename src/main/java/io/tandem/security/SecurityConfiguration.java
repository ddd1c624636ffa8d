package io.tandem.security;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.Problems;
import io.tandem.security.domain.Audit;
import io.tandem.security.domain.CallBudget;
import io.tandem.security.domain.CallerAccessCheck;
import io.tandem.security.domain.ExpensiveCallLimiter;
import io.tandem.security.domain.OidcTokens;
import io.tandem.security.domain.TokenService;
import io.tandem.security.web.AccessInterceptor;
import io.tandem.security.web.AuditFilter;
import io.tandem.security.web.ConcurrentWrites;
import io.tandem.security.web.TokenAuthenticationFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.ExceptionTranslationFilter;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.web.cors.CorsConfigurationSource;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Every {@code /api} route needs a caller (401 otherwise, from the filter chain); what the caller may do is decided
 * on the handler that runs, by its {@code @Access} declaration ({@link AccessInterceptor}; 403 otherwise). Both
 * answer problem+json. Health and the OpenAPI document are open.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration implements WebMvcConfigurer {

  private final AccessInterceptor access;

  SecurityConfiguration(CallerAccessCheck spaces, CallBudget budget, SecurityProperties settings) {
    this.access = new AccessInterceptor(spaces, new ExpensiveCallLimiter(settings.expensiveCallsPerMinute(), budget),
        new ConcurrentWrites(settings.concurrentWritesPerCaller()));
  }

  @Override
  public void addInterceptors(InterceptorRegistry registry) {
    registry.addInterceptor(access); // every path: the declaration, not the path, decides
  }

  @Bean
  SecurityFilterChain api(HttpSecurity http, TokenService tokens, OidcTokens oidc, Audit audit, Clock clock,
      SecurityProperties settings,
      @Qualifier("corsConfigurationSource") CorsConfigurationSource cors) throws Exception {
    return http
        .csrf(csrf -> csrf.disable())
        .cors(configurer -> configurer.configurationSource(cors))
        .requestCache(cache -> cache.disable()) // stateless: no request is saved for after a sign-in
        .httpBasic(basic -> basic.disable())
        .formLogin(form -> form.disable())
        .logout(logout -> logout.disable())
        .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        .addFilterBefore(new TokenAuthenticationFilter(tokens, oidc, settings.anonymous()), AnonymousAuthenticationFilter.class)
        // after authentication, around the refusals: a refused write is audited too
        .addFilterBefore(new AuditFilter(audit, clock), ExceptionTranslationFilter.class)
        .authorizeHttpRequests(authorize -> authorize
            .requestMatchers("/", "/actuator/health", "/actuator/health/**", "/actuator/info", "/v3/api-docs", "/v3/api-docs/**",
                "/v3/api-docs.yaml", "/swagger-ui.html", "/swagger-ui/**", "/error").permitAll()
            // a Git host's push: signed with a shared secret, which the operation checks (Access SIGNED_REQUEST)
            .requestMatchers(HttpMethod.POST, "/api/v1/origins/webhook").permitAll()
            .anyRequest().authenticated())
        .exceptionHandling(handling -> handling
            .authenticationEntryPoint((request, response, error) -> problem(request, response, ProblemCode.UNAUTHORIZED,
                TokenAuthenticationFilter.unauthorized(request)))
            .accessDeniedHandler((request, response, error) -> problem(request, response, ProblemCode.FORBIDDEN,
                "Not allowed.")))
        .build();
  }

  /**
   * No observation around each of the chain's filters, nor the wrapper that would decide per filter whether to make
   * one: together they cost about a tenth of a GET's CPU in the request-path benchmark. {@code http.server.requests}
   * still times every request.
   */
  @Bean
  SecurityObservationSettings securityObservations() {
    return SecurityObservationSettings.noObservations();
  }

  static void problem(HttpServletRequest request, HttpServletResponse response, ProblemCode code, String detail)
      throws IOException {
    if (code == ProblemCode.UNAUTHORIZED) {
      response.setHeader("WWW-Authenticate", "Bearer");
    }
    Problems.write(response, code, detail, request.getRequestURI());
  }
}
