/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_COMPANY_NAME?: string;
  readonly VITE_COMPANY_REGISTRATION?: string;
  readonly VITE_COMPANY_PHONE?: string;
  readonly VITE_COMPANY_PHONE_DISPLAY?: string;
  readonly VITE_COMPANY_WHATSAPP?: string;
  readonly VITE_COMPANY_EMAIL?: string;
  readonly VITE_COMPANY_ADDRESS?: string;
}
