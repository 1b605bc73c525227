// Known seed values for tests: the launcher reads them from the environment (DEMO_*).
export const demo = {
  developerEmail: "dev@example.com",
  developerPassword: "test-password-123",
  domain: "demo",
  appName: "demo-app",
  consumerKey: "ck_test_demo_consumer_key",
  consumerSecret: "cs_test_demo_consumer_secret_0123456789",
};

export function demoEnv(): Record<string, string> {
  return {
    DEMO_DEVELOPER_EMAIL: demo.developerEmail,
    DEMO_DEVELOPER_PASSWORD: demo.developerPassword,
    DEMO_DOMAIN: demo.domain,
    DEMO_APP_NAME: demo.appName,
    DEMO_CONSUMER_KEY: demo.consumerKey,
    DEMO_CONSUMER_SECRET: demo.consumerSecret,
  };
}
