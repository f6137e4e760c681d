import type { FormInstance } from 'antd';

/** The area code and phone of a form with a PhoneField, once both are valid; else null (the field shows why). */
export async function phoneTarget(form: FormInstance): Promise<{ areaCode: string; phone: string } | null> {
  try {
    const { areaCode, mobile } = (await form.validateFields(['areaCode', 'mobile'])) as { areaCode: string; mobile: string };
    return { areaCode, phone: mobile.trim() };
  } catch {
    return null;
  }
}
