package io.tandem.function;

import io.tandem.common.concurrency.HelpedWork;
import io.tandem.function.domain.FunctionService;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The threads that help invocations change their units ({@link FunctionService}). */
@Configuration(proxyBeanMethods = false)
class FunctionConfiguration {

  @Bean
  HelpedWork functionHelpers(FunctionProperties settings) {
    return new HelpedWork("tandem-functions-", settings.parallelUnits() - 1);
  }
}
